/// A child view's handle on part of a store: its state (derived from the parent's), its state
/// stream, and a `send` that wraps its intents into the parent's. Made by
/// ``Store/scope(state:intent:)`` on a ``Store`` or ``StoreType/scope(state:intent:)`` on another
/// scoped store; a ``ViewStore`` reads one like a whole store.
///
/// There is no second store and no second queue: a scoped store reads the parent's states and
/// sends to the parent, so the child sees its state change exactly when, and in the order, the
/// parent's state changes, and its intents join the parent's single queue.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), feature: Counter())   // Feature's example
/// let button = store.scope(state: { "Count: \($0.count)" }, intent: { Counter.Intent.increment })
/// button.states.subscribe(onNext: { print($0) }).disposed(by: bag)
/// // Prints: Count: 0
/// button.send(())
/// // Prints: Count: 1
/// ```
///
/// Thread safety: like the store, usable from any thread; so, like a feature's, its state and
/// intents are `Sendable`.
public final class ScopedStore<State: Sendable, Intent: Sendable>: ObserverType, @unchecked Sendable
{
  // @unchecked: immutable; the closures only read the parent store, which is thread-safe.
  /// As an observer, a scoped store takes the child's intents (`intents.bind(to: scoped)`).
  public typealias Element = Intent

  @usableFromInline let readState: () -> State
  /// Every state of the child, starting with the current one, one per parent state, in the
  /// parent's order (use `distinctUntilChanged()` to skip parent changes that did not touch the
  /// child). Delivered on the parent's draining thread.
  public let states: Observable<State>
  @usableFromInline let sendIntent: (Intent) -> Void

  @usableFromInline
  init(state: @escaping () -> State, states: Observable<State>, send: @escaping (Intent) -> Void) {
    self.readState = state
    self.states = states
    self.sendIntent = send
  }

  /// The child's part of the parent's current state.
  public var state: State { readState() }

  /// Sends `intent` to the parent store, wrapped in the parent's intent.
  ///
  /// Inlinable so that a caller of a concrete scope calls the closure made by `scope` directly.
  @inlinable
  public func send(_ intent: Intent) { sendIntent(intent) }

  /// `ObserverType`: elements are sent as intents (`intents.bind(to: scoped)`).
  @inlinable
  public func on(_ event: Event<Intent>) {
    if case .next(let intent) = event { send(intent) }
  }
}
