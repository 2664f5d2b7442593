import ReactiveEngine

/// What a view needs from a store, whole or scoped: the current state, the stream of states, and
/// a way to send intents. ``Store`` and ``ScopedStore`` conform, so a ``ViewStore`` (and any
/// code written against `StoreType`) works over the whole store or over any scope of it.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), feature: Counter())   // Feature's example
/// func press<S: StoreType>(_ button: S) where S.Intent == Void, S.State == String {
///   button.send(())
///   print(button.state)
/// }
/// press(store.scope(state: { "Count: \($0.count)" }, intent: { Counter.Intent.increment }))
/// // Prints: Count: 1
/// ```
///
/// Thread safety: conforming types are `Sendable` and accept intents from any thread.
public protocol StoreType<State, Intent>: AnyObject, Sendable {
  /// The state a view reads (from any thread, hence `Sendable`).
  associatedtype State: Sendable
  /// What a view sends (from any thread, hence `Sendable`).
  associatedtype Intent: Sendable

  /// The current state, readable from any thread.
  var state: State { get }

  /// Every state, starting with the current one, in the store's order, delivered on the store's
  /// draining thread.
  var states: Observable<State> { get }

  /// Sends an intent (from any thread).
  func send(_ intent: Intent)
}

extension Store: StoreType {}
extension ScopedStore: StoreType {}

extension StoreType {
  /// A handle on part of this store for a child view: its state is `toChild` of this store's
  /// state, and its intents are sent here as `fromChild(intent)`. See ``ScopedStore``. On a
  /// ``Store`` whose type is known, ``Store/scope(state:intent:)`` is chosen instead: the same
  /// scope, delivered more directly.
  ///
  /// The scoped store holds this one strongly; it reads this store's state and sends to it, so
  /// there is no second queue.
  ///
  /// Inlinable so that the closures it makes are compiled for the concrete store: generic, each
  /// intent sent through the scope would look up the store's type metadata at run time.
  @inlinable
  public func scope<ChildState: Sendable, ChildIntent: Sendable>(
    state toChild: @escaping (State) -> ChildState,
    intent fromChild: @escaping (ChildIntent) -> Intent
  ) -> ScopedStore<ChildState, ChildIntent> {
    ScopedStore(
      state: { [self] in toChild(self.state) }, states: states.map(toChild),
      send: { [self] in self.send(fromChild($0)) })
  }
}

extension Store {
  /// A handle on part of this store for a child view, as ``StoreType/scope(state:intent:)`` makes
  /// for any store (same state, states, sending, ordering and threads), taking the shortest
  /// path a `Store` allows: the child's states are delivered straight from this store's list of
  /// state subscribers, mapped on the way (as ``subscribeStates(onNext:)`` delivers, with no
  /// `map` operator over ``states``); its intents are wrapped and sent here as by the generic
  /// scope. See ``ScopedStore``.
  ///
  /// Inlinable for the same reason as the generic one: the closures it makes are compiled for
  /// the concrete feature and child types.
  @inlinable
  public func scope<ChildState: Sendable, ChildIntent: Sendable>(
    state toChild: @escaping (F.State) -> ChildState,
    intent fromChild: @escaping (ChildIntent) -> F.Intent
  ) -> ScopedStore<ChildState, ChildIntent> {
    ScopedStore(
      state: { [self] in toChild(self.state) }, states: states(mappedBy: toChild),
      send: { [self] in self.send(fromChild($0)) })
  }

  /// ``states`` mapped by `toChild`, delivered from this store's subscriber list: each
  /// subscriber is a ``subscribeStates(onNext:)`` entry that maps the borrowed state and hands
  /// the child state on, so it gets the same replay, order, thread and dispose barrier as a
  /// subscriber of `states.map(toChild)`, without an operator sink per delivery. Like
  /// ``states``, it holds this store weakly: once the store is gone, a subscriber receives the
  /// last state, mapped, only.
  @inlinable
  func states<ChildState>(mappedBy toChild: @escaping (F.State) -> ChildState)
    -> Observable<ChildState>
  {
    let published = self.published
    return Observable(downstreamHandler: { [weak self] downstream in
      guard let self else {
        downstream.on(.next(toChild(published.read())))
        return Disposables.create()
      }
      // The handler runs inside this store's drainer turn, which counts as a delivery on this
      // thread (a subscriber leaf downstream need not count a second one).
      let delivery = ScopedStateDelivery(downstream: downstream, toChild: toChild)
      return self.subscribeStates(onNext: { delivery.deliver($0) })
    })
  }
}

/// What a subscriber of a `Store`'s scope is in the store's list: the child's downstream and the
/// mapping, in one object, so the list entry's closure captures one reference (forwarding the
/// five words of the two captured separately would cost more per state).
@usableFromInline
final class ScopedStateDelivery<State, ChildState> {
  @usableFromInline let downstream: Downstream<ChildState>
  @usableFromInline let toChild: (State) -> ChildState

  @inlinable
  init(downstream: Downstream<ChildState>, toChild: @escaping (State) -> ChildState) {
    self.downstream = downstream
    self.toChild = toChild
  }

  @inlinable
  func deliver(_ state: State) { downstream.onNextWithinDelivery(toChild(state)) }
}
