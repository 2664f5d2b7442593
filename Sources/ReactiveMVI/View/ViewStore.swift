import Observation
#if canImport(Combine)
  import Combine
#endif

/// A main-actor view of a ``Store`` for SwiftUI (and any Observation client): views read its
/// state, and only the fields a view read make that view update.
///
/// The name is TCA's, for the same role: the object a view holds to read state and send
/// actions. Reading goes through Observation (`@Observable` semantics, hand-written so tracking
/// can be per field):
/// - `viewStore.count` (any field of the state, by dynamic member lookup) is tracked per field:
///   a view that read `count` updates when `count` changes, not when another field does;
/// - `viewStore.state` is tracked as a whole: a view that read it updates on every new state.
///
/// ```swift
/// @MainActor final class CounterScreen {
///   let viewStore = ViewStore(Store(initialState: Counter.State(), feature: Counter()))
///   var title: String { "Count: \(viewStore.count)" }   // tracked: `count` only
///   func plusTapped() { viewStore.send(.increment) }
/// }
/// ```
///
/// In SwiftUI, hold it in `@State` and read it in `body`; `binding(_:send:)` makes a `Binding`
/// that reads a field and sends an intent on write.
///
/// How states reach the main actor: the adapter subscribes to ``Store/states`` through
/// `observe(on: MainScheduler.instance)`, which forwards every state, in the store's order, to
/// the main thread: nothing is dropped, merged or reordered, and each state is applied (and
/// observers notified) one at a time. A state produced on the main thread while nothing is
/// queued (an intent sent from the UI, handled synchronously) is applied before `send` returns,
/// which keeps text fields and toggles in step with what the user typed; a state produced on
/// another thread (an effect's result) arrives with the next turn of the main queue.
///
/// Which changes notify: a field whose type is `Equatable` notifies only when its value
/// changes; a field whose type is not `Equatable` notifies on every new state (it cannot be
/// compared); the whole `state` notifies on every new state, or only when it changes if the
/// state is `Equatable`.
///
/// Lifetime: the adapter holds the store strongly and its subscription to the store's states;
/// releasing the adapter disposes the subscription and, unless something else holds the store,
/// releases the store (which cancels its effects). The store is not disposed by the adapter, so
/// it can be shared (for example by a parent and a child view).
///
/// Thread safety: main-actor isolated. ``send(_:)`` may be called from the main actor; to send
/// from elsewhere, use the store itself (``store``), which accepts intents from any thread.
@MainActor
@dynamicMemberLookup
public final class ViewStore<F: Feature>: Observation.Observable {
  /// The store this view reads and sends to.
  public let store: Store<F>

  /// The latest state applied on the main actor (tracked as a whole).
  public var state: F.State {
    registrar.access(self, keyPath: \.state)
    return current
  }

  private var current: F.State
  private let registrar = ObservationRegistrar()
  /// The fields read so far (keyed by their key path from the adapter), each with how to tell
  /// whether it changed between two states and how to signal it. Field key paths come from
  /// code, so this stays as small as the number of distinct fields views read.
  private var trackedFields: [AnyKeyPath: Tracked] = [:]
  private let subscriptions = CompositeDisposable()
  /// Called after each state is applied (tests record every state the adapter saw).
  var didApply: ((F.State) -> Void)?

  /// A tracked key path: its change test and its typed will-set/did-set calls.
  private struct Tracked {
    let differs: (F.State, F.State) -> Bool
    let willSet: (ViewStore) -> Void
    let didSet: (ViewStore) -> Void

    init<Value>(_ keyPath: KeyPath<ViewStore, Value>, differs: @escaping (F.State, F.State) -> Bool) {
      self.differs = differs
      self.willSet = { $0.registrar.willSet($0, keyPath: keyPath) }
      self.didSet = { $0.registrar.didSet($0, keyPath: keyPath) }
    }
  }

  #if canImport(Combine)
    /// Fires before every state change that notifies anyone (for `ObservableObject` clients).
    public nonisolated let objectWillChange = ObservableObjectPublisher()
  #endif

  /// Creates a view of `store`, starting from its current state.
  public init(_ store: Store<F>) {
    self.store = store
    self.current = store.state
    let subscription = store.states
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { [weak self] state in
        MainActor.assumeIsolated { self?.apply(state) }
      })
    _ = subscriptions.insert(subscription)
  }

  deinit {
    subscriptions.dispose()
  }

  /// Sends `intent` to the store.
  public func send(_ intent: F.Intent) {
    store.send(intent)
  }

  /// The field at `keyPath` of the current state, tracked for this field alone (an `Equatable`
  /// field notifies only when its value changes).
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<F.State, Value>) -> Value {
    let field = (\ViewStore.current).appending(path: keyPath)
    if trackedFields[field] == nil {
      trackedFields[field] = Tracked(field) { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
    }
    registrar.access(self, keyPath: field)
    return current[keyPath: keyPath]
  }

  /// The field at `keyPath` of the current state, tracked for this field alone (a field that
  /// is not `Equatable` notifies on every new state).
  public subscript<Value>(dynamicMember keyPath: KeyPath<F.State, Value>) -> Value {
    let field = (\ViewStore.current).appending(path: keyPath)
    if trackedFields[field] == nil {
      trackedFields[field] = Tracked(field) { _, _ in true }
    }
    registrar.access(self, keyPath: field)
    return current[keyPath: keyPath]
  }

  /// Calls `handler` on the main actor for each one-off event of the store (see
  /// ``Store/events``: buffered until the first subscriber, delivered once) until the adapter is
  /// released or the returned disposable is disposed.
  @discardableResult
  public func onEvent(_ handler: @escaping @MainActor (F.Event) -> Void) -> Disposable {
    let subscription = store.events
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { event in
        MainActor.assumeIsolated { handler(event) }
      })
    _ = subscriptions.insert(subscription)
    return subscription
  }

  /// Applies a new state: notifies the whole-state readers and the readers of each field that
  /// changed, with Observation's will-set/did-set pairs around the assignment.
  private func apply(_ new: F.State) {
    let old = current
    var changed: [Tracked] = []
    if stateChanged(old, new) {
      changed.append(Tracked(\ViewStore.state) { _, _ in true })
    }
    for tracked in trackedFields.values where tracked.differs(old, new) {
      changed.append(tracked)
    }
    guard !changed.isEmpty else {
      current = new  // equal values: nothing to notify, but keep the newest value
      didApply?(new)
      return
    }
    #if canImport(Combine)
      objectWillChange.send()
    #endif
    for tracked in changed { tracked.willSet(self) }
    current = new
    for tracked in changed { tracked.didSet(self) }
    didApply?(new)
  }

  private func stateChanged(_ old: F.State, _ new: F.State) -> Bool {
    guard let old = old as? any Equatable else { return true }
    return !old.isEqual(to: new)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
