import ReactiveCore
import ReactiveMVI

/// A view of the hero selector: it renders states and forwards user intents, nothing more.
public protocol HeroView: AnyObject {
  func render(_ state: HeroState)
}

/// The hero selector's presenter (the MVI article calls it the screen's "intent"): turns user
/// intents into immutable `HeroState` values for a view.
///
/// Intents go straight to a ReactiveMVI `Store` running `HeroFeature` (the store is itself an
/// observer of intents, so an intent stream can also be bound to it); releasing the presenter
/// disposes the store. `states` replays the current state to each new subscriber, then every
/// emitted state; an intent that changes nothing emits nothing.
///
/// No retain cycle with the view: a view holds its presenter strongly to forward intents, and the
/// presenter's binding holds the view weakly.
///
/// ```swift
/// let presenter = HeroPresenter(roster: .default)
/// let subscription = presenter.states.subscribe(onNext: { print($0.hero.name) })
/// presenter.send(.next)
/// // Prints: Son-Goku
/// // Prints: YoRHa 2B
/// subscription.dispose()
/// ```
///
/// Thread safety: `send` may be called from any thread; the store reduces intents one at a time in
/// arrival order and delivers states on its draining thread.
public final class HeroPresenter: Sendable {
  public let reducer: HeroReducer
  private let store: Store<HeroFeature>

  /// A presenter showing the first hero of `roster`; `middleware` watches its store (the
  /// `--record` option records the session with the library's `SessionRecorder`).
  public init(roster: Roster, middleware: [Middleware<HeroFeature>] = []) {
    let feature = HeroFeature(roster: roster)
    reducer = feature.reducer
    store = Store(
      initialState: feature.reducer.initialState, feature: feature, middleware: middleware)
  }

  deinit { store.dispose() }

  /// The current state.
  public var state: HeroState { store.state }

  /// The current state, then every state emitted after it.
  public var states: Observable<HeroState> { store.states }

  /// Sends a user intent.
  public func send(_ intent: HeroIntent) { store.send(intent) }

  /// Renders the current state and every later state on `view`, which is held weakly.
  ///
  /// Straight from the store's subscriber list (`subscribeStates`): the view borrows each state
  /// from the store, with no subscriber leaf or copy in between. Not generic over the view's
  /// type: a generic body compiled once in this module would reach the subscription's code
  /// unspecialized (a run-time metadata lookup per state); the existential costs one indirect
  /// call per render instead. The view is a `weak let`: a `[weak view]` capture is a mutable
  /// box, read with a dynamic exclusivity check per render.
  public func bind(to view: any HeroView) -> Disposable {
    weak let view = view
    return store.subscribeStates(onNext: { state in view?.render(state) })
  }
}
