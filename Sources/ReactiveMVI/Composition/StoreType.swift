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
  /// The state a view reads.
  associatedtype State
  /// What a view sends.
  associatedtype Intent

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
  /// state, and its intents are sent here as `fromChild(intent)`. See ``ScopedStore``.
  ///
  /// The scoped store holds this one strongly; it reads this store's state and sends to it, so
  /// there is no second queue.
  ///
  /// Inlinable so that the closures it makes are compiled for the concrete store: generic, each
  /// intent sent through the scope would look up the store's type metadata at run time.
  @inlinable
  public func scope<ChildState, ChildIntent>(
    state toChild: @escaping (State) -> ChildState,
    intent fromChild: @escaping (ChildIntent) -> Intent
  ) -> ScopedStore<ChildState, ChildIntent> {
    ScopedStore(
      state: { [self] in toChild(self.state) }, states: states.map(toChild),
      send: { [self] in self.send(fromChild($0)) })
  }
}
