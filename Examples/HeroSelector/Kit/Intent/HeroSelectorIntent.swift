import ReactiveCore

/// A view of the hero selector: it renders states and forwards user intents, nothing more.
public protocol HeroView: AnyObject {
  func render(_ state: HeroState)
}

/// The hero-selector intent: turns user intents into immutable `HeroState` values.
///
/// Intents go into a `PublishRelay`; one subscription, owned by the intent's `DisposeBag`, runs
/// `HeroReducer.reduce` on each and publishes the resulting state (nothing when it returns nil).
/// `states` replays the current state to each new subscriber, then every emitted state.
///
/// No retain cycle with the view: a view holds its intent strongly to forward intents, and the
/// intent holds the view weakly (`bind(to:)` subscribes with `subscribe(with:)`).
///
/// ```swift
/// let intent = HeroSelectorIntent(roster: .default)
/// let subscription = intent.states.subscribe(onNext: { print($0.hero.name) })
/// intent.send(.next)
/// // Prints: Son-Goku
/// // Prints: YoRHa 2B
/// subscription.dispose()
/// ```
///
/// Thread safety: `send` may be called from any thread; states are reduced one at a time in the
/// order the relay delivers the intents.
public final class HeroSelectorIntent: Sendable {
  public let reducer: HeroReducer
  private let intents = PublishRelay<HeroIntent>()
  private let stateRelay: BehaviorRelay<HeroState>
  private let disposeBag = DisposeBag()

  /// An intent presenting the first hero of `roster`.
  public init(roster: Roster) {
    let reducer = HeroReducer(roster: roster)
    let stateRelay = BehaviorRelay(value: reducer.initialState)
    self.reducer = reducer
    self.stateRelay = stateRelay
    intents
      .subscribe(onNext: { intent in
        if let next = reducer.reduce(stateRelay.value, intent) { stateRelay.accept(next) }
      })
      .disposed(by: disposeBag)
  }

  /// The current state.
  public var state: HeroState { stateRelay.value }

  /// The current state, then every state emitted after it.
  public var states: Observable<HeroState> { stateRelay.asObservable() }

  /// Sends a user intent.
  public func send(_ intent: HeroIntent) { intents.accept(intent) }

  /// Renders the current state and every later state on `view`, which is held weakly.
  public func bind(to view: some HeroView) -> Disposable {
    states.subscribe(with: view, onNext: { view, state in view.render(state) })
  }
}
