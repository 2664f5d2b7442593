import Dispatch
import Observation
import ReactiveEngine

#if canImport(Combine)
  import Combine
#endif

/// A main-actor view of a store, whole or scoped, for SwiftUI (and any Observation client):
/// views read its state, and only the fields a view read make that view update.
///
/// The name is TCA's, for the same role: the object a view holds to read state and send
/// actions. It reads any ``StoreType``: a ``Store``, or a ``ScopedStore`` made by
/// `store.scope(state:intent:)` for a child view (a row, a detail screen), which gets the same
/// per-field tracking. Reading goes through Observation (`@Observable` semantics, hand-written so
/// tracking can be per field):
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
///
/// @MainActor final class CountLabel {   // a child view over a scope of the same store
///   let viewStore: ViewStore<ScopedStore<Int, Void>>
///   init(_ store: Store<Counter>) {
///     viewStore = ViewStore(store.scope(state: \.count, intent: { Counter.Intent.increment }))
///   }
///   var text: String { "\(viewStore.state)" }
/// }
/// ```
///
/// In SwiftUI, hold it in `@State` and read it in `body`; `binding(_:send:)` makes a `Binding`
/// that reads a field and sends an intent on write.
///
/// How states reach the main actor: a view needs the latest state, not every state, so states
/// are *coalesced*. The view store keeps the newest state the store delivered and at most one
/// block on the main queue; that block applies the newest state at the moment it runs (states
/// that arrived in between are skipped, never reordered: a view store never goes back to an
/// older state). States arriving while the block applies post a new block behind whatever the
/// main queue already holds, so a flood of states from other threads costs the main thread one
/// application per turn of its queue: memory and main-thread latency stay bounded however fast
/// the store produces. A state delivered on the main thread (an intent sent from the UI and
/// handled synchronously) is applied at once, before `send` returns, which keeps text fields and
/// toggles in step with what the user typed; only a state delivered while the view store is
/// applying another (a send from an observer) waits for the next block. To see every state, in
/// order, subscribe to the store's `states` instead.
///
/// Which changes notify: a field whose type is `Equatable` notifies only when its value
/// changes; a field whose type is not `Equatable` notifies on every applied state (it cannot be
/// compared); the whole `state` notifies on every applied state, or only when it changes if the
/// state is `Equatable`.
///
/// Lifetime: the view store holds the store strongly and its subscription to the store's
/// states; releasing the view store disposes the subscription and, unless something else holds
/// the store, releases the store (which cancels its effects). The store is not disposed by the
/// view store, so it can be shared (for example by a parent and a child view).
///
/// Thread safety: main-actor isolated. ``send(_:)`` may be called from the main actor; to send
/// from elsewhere, use the store itself (``store``), which accepts intents from any thread.
@MainActor
@dynamicMemberLookup
public final class ViewStore<S: StoreType>: Observation.Observable {
  /// The store (or scope of a store) this view reads and sends to.
  public let store: S

  /// The latest state applied on the main actor (tracked as a whole).
  public var state: S.State {
    registrar.access(self, keyPath: \.state)
    return current
  }

  private var current: S.State
  private let registrar = ObservationRegistrar()
  /// The fields read so far (keyed by their key path from the view store), each with how to
  /// tell whether it changed between two states and how to signal it. Field key paths come from
  /// code, so this stays as small as the number of distinct fields views read.
  private var trackedFields: [AnyKeyPath: Tracked] = [:]
  private let subscriptions = CompositeDisposable()
  /// The newest state not yet applied, shared with the store's draining threads.
  private nonisolated let mailbox: Mailbox
  /// Whether `apply` is running (a state delivered on the main thread then waits for a block).
  private var isApplying = false
  /// Called after each state is applied (tests record every state the view store applied).
  var didApply: ((S.State) -> Void)?

  /// A tracked key path: its change test and its typed will-set/did-set calls.
  private struct Tracked {
    let differs: (S.State, S.State) -> Bool
    let willSet: (ViewStore) -> Void
    let didSet: (ViewStore) -> Void

    init<Value>(_ keyPath: KeyPath<ViewStore, Value>, differs: @escaping (S.State, S.State) -> Bool)
    {
      self.differs = differs
      self.willSet = { $0.registrar.willSet($0, keyPath: keyPath) }
      self.didSet = { $0.registrar.didSet($0, keyPath: keyPath) }
    }
  }

  /// The hand-off from the store's draining thread to the main queue: the newest state and
  /// whether a main-queue block that will apply it is posted. At most one block is pending per
  /// view store, and the slot holds at most one state.
  final class Mailbox: @unchecked Sendable {  // `slot` is only touched under its lock
    struct Slot {
      var latest: S.State?
      var isBlockPending = false
      /// Main-queue blocks posted so far (tests read it to check the bound).
      var blocksPosted = 0
    }
    let slot = Locked(Slot())

    /// Stores `state` as the newest; `true` when the caller must post the block that applies it.
    func put(_ state: S.State) -> Bool {
      slot.withLock { slot in
        slot.latest = state
        guard !slot.isBlockPending else { return false }
        slot.isBlockPending = true
        slot.blocksPosted += 1
        return true
      }
    }

    /// Takes the newest state, if any, for the block that is running now.
    func takeForBlock() -> S.State? {
      slot.withLock { slot in
        slot.isBlockPending = false
        defer { slot.latest = nil }
        return slot.latest
      }
    }

    /// Drops the waiting state: a newer one is being applied on the main thread.
    func discard() {
      slot.withLock { $0.latest = nil }
    }
  }

  #if canImport(Combine)
    /// Fires before every state change that notifies anyone (for `ObservableObject` clients).
    public nonisolated let objectWillChange = ObservableObjectPublisher()
  #endif

  /// Creates a view of `store` (a ``Store`` or a ``ScopedStore``), starting from its current
  /// state.
  public init(_ store: S) {
    self.store = store
    self.current = store.state
    let mailbox = Mailbox()
    self.mailbox = mailbox
    // `@Sendable`, so not isolated to the main actor: it runs on the store's draining thread.
    let subscription = store.states.subscribe(onNext: { @Sendable [weak self] state in
      // The store's drainer is serial and hands its role over with acquire/release ordering, so
      // every state delivered here is newer than the ones before it, whichever thread delivered
      // them.
      if MainScheduler.isMainThread {
        // Already on the main thread: the state (`Sendable`) is applied at once.
        let applied = MainActor.assumeIsolated { () -> Bool in
          guard let self, !self.isApplying else { return false }
          self.mailbox.discard()
          self.apply(state)
          return true
        }
        if applied { return }
      }
      guard mailbox.put(state) else { return }
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated { self?.applyFromBlock() }
      }
    })
    _ = subscriptions.insert(subscription)
  }

  deinit {
    subscriptions.dispose()
  }

  /// Sends `intent` to the store.
  public func send(_ intent: S.Intent) {
    store.send(intent)
  }

  /// The field at `keyPath` of the current state, tracked for this field alone (an `Equatable`
  /// field notifies only when its value changes).
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<S.State, Value>) -> Value {
    let field = (\ViewStore.current).appending(path: keyPath)
    if trackedFields[field] == nil {
      trackedFields[field] = Tracked(field) { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
    }
    registrar.access(self, keyPath: field)
    return current[keyPath: keyPath]
  }

  /// The field at `keyPath` of the current state, tracked for this field alone (a field that
  /// is not `Equatable` notifies on every applied state).
  public subscript<Value>(dynamicMember keyPath: KeyPath<S.State, Value>) -> Value {
    let field = (\ViewStore.current).appending(path: keyPath)
    if trackedFields[field] == nil {
      trackedFields[field] = Tracked(field) { _, _ in true }
    }
    registrar.access(self, keyPath: field)
    return current[keyPath: keyPath]
  }

  /// Main-queue blocks posted to apply states so far (at most one is pending at a time).
  var mainQueueBlocksPosted: Int { mailbox.slot.withLock { $0.blocksPosted } }

  /// The body of the main-queue block: applies the newest state, once.
  private func applyFromBlock() {
    guard let state = mailbox.takeForBlock() else { return }  // applied on the main thread since
    apply(state)
  }

  /// Applies a new state: notifies the whole-state readers and the readers of each field that
  /// changed, with Observation's will-set/did-set pairs around the assignment.
  private func apply(_ new: S.State) {
    isApplying = true
    defer { isApplying = false }
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

  private func stateChanged(_ old: S.State, _ new: S.State) -> Bool {
    guard let old = old as? any Equatable else { return true }
    return !old.isEqual(to: new)
  }
}

extension ViewStore {
  /// Calls `handler` on the main actor for each one-off event of the store (see
  /// ``Store/events``: buffered until the first subscriber, delivered once, none coalesced)
  /// until the view store is released or the returned disposable is disposed.
  @discardableResult
  public func onEvent<F: Feature>(_ handler: @escaping @MainActor (F.Event) -> Void) -> Disposable
  where S == Store<F> {
    let subscription = store.events
      .observe(on: MainScheduler.instance)
      .subscribe(onNext: { event in
        MainActor.assumeIsolated { handler(event) }
      })
    _ = subscriptions.insert(subscription)
    return subscription
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
