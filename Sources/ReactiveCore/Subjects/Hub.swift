import Dispatch
import ReactiveEngine
import Synchronization

/// The engine shared by every subject and relay: a subscriber list run by a `Drainer`.
///
/// Every operation (an event, a subscription, an unsubscription) is a `Command` handled by the
/// drainer (see `Drainer` and Docs/Internals.md). So:
/// - observers never receive two events at once, and all see the same order;
/// - a re-entrant `onNext`/`accept` from inside a callback is queued and delivered after the
///   current event has reached every observer (no recursion);
/// - no lock is held while observers run; the subscriber list is drainer-owned (reachable only
///   with the role, see `DrainerOwned`), so delivery reads it without copying, locking or
///   retaining;
/// - a producer far behind the drainer waits (the `Drainer` backlog bound), so memory stays
///   bounded under a hot producer.
///
/// Unsubscribing is mostly not generic (see `HubCore`): `dispose()` reaches it through the
/// `Disposable` existential, where generic code would run unspecialized.
@usableFromInline
final class Hub<Element>: HubCore, DrainerOwner, @unchecked Sendable {
  /// How past elements are handed to new subscribers.
  @usableFromInline
  enum Kind {
    /// No replay (`PublishSubject`, `PublishRelay`).
    case publish
    /// Replays the latest element while not terminated (`BehaviorSubject`, `BehaviorRelay`).
    case behavior
    /// Replays up to `bufferSize` elements, also after termination (`ReplaySubject`).
    case replay(bufferSize: Int)
    /// Emits only the last element, on completion (`AsyncSubject`).
    case async
  }

  @usableFromInline
  enum Command {
    case event(Event<Element>)
    case subscribe(HubEntry)
    case unsubscribe(HubEntry)
  }

  @usableFromInline let kind: Kind
  @usableFromInline let drainer = Drainer<Command>()
  /// What a `.behavior`, `.replay` or `.async` hub keeps for replay, out of line; `nil` for a
  /// `.publish` hub. A generic class's field destroyer is not specialized: a field of a type
  /// generic in `Element` (an `Element?`, a `FIFO<Element>`) costs a generic metadata lookup
  /// every time a hub is freed, where a class reference is released without one (short-lived
  /// relays, as the inner relays of `flatMapLatest`, are freed often).
  @usableFromInline let kept: HubReplayState<Element>?

  /// The terminal event, once there is one; not generic, for the same reason as `kept`.
  @usableFromInline @exclusivity(unchecked) var termination = DrainerOwned(HubTermination.live)

  /// `kept`, for the kinds that have it (never `.publish`).
  @inlinable @inline(__always)
  var replayState: HubReplayState<Element> { kept.unsafelyUnwrapped }

  @inlinable
  func terminal(_ role: borrowing DrainerRole) -> Event<Element>? {
    termination.read(role) { $0.event() }
  }

  @inlinable
  init(kind: Kind, initial: Element? = nil) {
    self.kind = kind
    if case .publish = kind {
      kept = nil
    } else {
      kept = HubReplayState(latest: initial)
    }
  }

  // MARK: Entry points (any thread)

  /// Sends `event` to every observer, serialized with all other commands.
  @inlinable
  func send(_ event: Event<Element>) {
    // Not `drainer.submit(.event(event), to: self)`: building the command copies the event, and
    // every delivery then pays for the copy (see `DrainerOwner`).
    if let role = drainer.tryEnter() {
      deliver(event, role)
      drainer.leave(role, for: self)
    } else {
      drainer.submitContended(.event(event), to: self)
    }
  }

  /// Reads the subscriber list of an idle hub, taking the drainer role to do so (for tests and
  /// diagnostics; traps if the hub is busy).
  @usableFromInline
  func inspectEntries<Result>(_ body: (borrowing SubscriberList<HubEntry>) -> Result) -> Result {
    drainer.withIdleRole(for: self) { entries.read($0, body) }
  }

  /// Subscribes `observer`; it receives the replayed elements, then live events.
  @inlinable
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    add(Downstream.hubEntry(for: observer, of: self))
  }

  /// Subscribes `downstream` (the path of `asObservable()`, see `Observable.downstreamHandler`).
  @inlinable
  func subscribe(_ downstream: Downstream<Element>) -> Disposable {
    add(downstream.hubEntry(of: self))
  }

  /// Attaches `entry`: a subscriber leaf is the hub's entry itself, no wrapper and no closure
  /// around it (so subscribe + dispose allocates the leaf only); see `Downstream`.
  @inlinable
  func add(_ entry: HubEntry) -> Disposable {
    observerCount.add(1, ordering: .relaxed)
    if let role = drainer.tryEnter() {
      attach(entry, role)
      drainer.leave(role, for: self)
    } else {
      drainer.submitContended(.subscribe(entry), to: self)
    }
    return entry
  }

  /// For owners that order a state change with its delivery under their own lock (the behavior
  /// subject and relay): takes the drainer role or queues the event (see
  /// `Drainer.enter(orEnqueue:)`). Never calls user code. After unlocking, pass the result to
  /// `finish(_:_:)`.
  @inlinable
  func enter(orEnqueue event: Event<Element>) -> Drainer<Command>.Role? {
    drainer.enter(orEnqueue: .event(event))
  }

  /// After `enter(orEnqueue:)`, outside the owner's lock: delivers `event` and drains with the
  /// role, else applies the backlog rule (see `Drainer.finish`).
  @inlinable
  func finish(_ role: consuming Drainer<Command>.Role?, _ event: Event<Element>) {
    if let role {
      deliver(event, role)
      drainer.leave(role, for: self)
    } else {
      drainer.throttle { handle($0, $1) }
    }
  }

  /// A subscription was disposed: drop it from the list now when idle, else after the current
  /// command. Never waits (a disposal is not subject to the backlog bound).
  ///
  /// This override runs unspecialized (it is reached through the `Disposable` existential), so
  /// its uncontended path touches only the `Drainer`'s fixed-layout state word and non-generic
  /// code: no generic metadata is looked up at run time. That is why it takes the role itself
  /// instead of going through `Drainer.submit(_:to:)`, which would also apply the backlog rule.
  override func entryDied(_ entry: HubEntry) {
    if let role = drainer.tryEnter() {
      removeEntry(entry, role)
      if let role = drainer.tryLeave(role) { drainContended(role) }
    } else {
      unsubscribeContended(entry)
    }
  }

  /// The drainer is busy: queue the removal behind the current command. A queued removal skips
  /// `Drainer.finish`: a disposal is not subject to the backlog bound.
  @usableFromInline
  func unsubscribeContended(_ entry: HubEntry) {
    if let role = drainer.enter(orEnqueue: .unsubscribe(entry)) {
      removeEntry(entry, role)
      drainContended(role)
    }
  }

  /// Runs what was queued meanwhile, then leaves (out of line: the unsubscribe fast path forms
  /// no handler).
  @usableFromInline
  func drainContended(_ role: consuming Drainer<Command>.Role) {
    drainer.leave(role, for: self)
  }

  // MARK: Drainer-only

  /// Runs one queued command (see `DrainerOwner`); the entry points handle their own command
  /// directly when the drainer is idle.
  @inlinable
  func handle(_ command: Command, _ role: borrowing DrainerRole) {
    switch command {
    case .event(let event): deliver(event, role)
    case .subscribe(let subscription): attach(subscription, role)
    case .unsubscribe(let entry): removeEntry(entry, role)
    }
  }

  // Inlined into `send` and the drain loop: an event costs one frame, not two.
  @inlinable @inline(__always)
  func deliver(_ event: Event<Element>, _ role: borrowing DrainerRole) {
    guard termination.read(role, { $0.isLive }) else { return }
    switch event {
    case .next(let element):
      switch kind {
      case .publish: break
      case .behavior:
        replayState.latest.set(element, role)
      case .replay(let bufferSize):
        if bufferSize > 0 { replayState.append(element, bufferSize: bufferSize, role) }
      case .async:
        replayState.latest.set(element, role)
        return
      }
      // Borrowed iteration straight from the list's storage: the list cannot change during
      // delivery (only the drainer changes it, between commands), so no copy and no retain of
      // the storage or of an observer. Without subscriber leaves the loop does not test each
      // entry's kind. The loops walk a pointer (see `DeliveryList.unsafeBounds`).
      let bounds = entries.read(role) { $0.unsafeBounds }
      var cursor = bounds.start
      let end = bounds.end
      if hasLeaves.get(role) {
        while cursor != end {
          Unmanaged.passUnretained(cursor.pointee)._withUnsafeGuaranteedRef { entry in
            if !entry.isDead { Downstream.sendNext(element, toEntry: entry) }
          }
          cursor += 1
        }
      } else {
        while cursor != end {
          Unmanaged.passUnretained(cursor.pointee)._withUnsafeGuaranteedRef { entry in
            if !entry.isDead { Downstream.send(event, toSubscription: entry) }
          }
          cursor += 1
        }
      }
    case .error(let error):
      termination.set(.failed(error), role)
      finishAll(event, role)
    case .completed:
      termination.set(.completed, role)
      finishAll(event, role)
    }
  }

  /// The terminal `event` was recorded: ends every subscription with it.
  @inlinable
  func finishAll(_ event: Event<Element>, _ role: borrowing DrainerRole) {
    if case .behavior = kind { replayState.latest.set(nil, role) }
    let entries = takeEntries(role)
    var lastElement: Element?
    // Keep the element buffered: late subscribers to a completed AsyncSubject receive it too.
    if case .async = kind, event.isCompleted { lastElement = replayState.latest.get(role) }
    for entry in entries where entry.finish() {
      if let lastElement { emit(.next(lastElement), to: entry) }
      emit(event, to: entry)
    }
  }

  /// Sends `event` to one entry of this hub, inside this drainer turn (see `Downstream`).
  @inlinable @inline(__always)
  func emit(_ event: Event<Element>, to entry: HubEntry) {
    Downstream.send(event, toEntry: entry)
  }

  @inlinable
  func attach(_ subscription: HubEntry, _ role: borrowing DrainerRole) {
    guard !subscription.isDead else { return }
    guard termination.read(role, { $0.isLive }) else {
      attachAfterTermination(subscription, role)
      return
    }
    switch kind {
    case .behavior:
      if let latest = replayState.latest.get(role) { emit(.next(latest), to: subscription) }
    case .replay(let bufferSize):
      let replayed = replayState.forEachReplayed(bufferSize: bufferSize, role) { element in
        emit(.next(element), to: subscription)
        return !subscription.isDead
      }
      guard replayed else { return }
    case .publish, .async: break
    }
    guard !subscription.isDead else { return }
    Downstream<Element>.append(subscription, to: self, role)
  }

  /// A subscription made after the terminal event: replays what the kind keeps, then ends it.
  @usableFromInline
  func attachAfterTermination(_ subscription: HubEntry, _ role: borrowing DrainerRole) {
    guard let terminal = terminal(role), subscription.finish() else { return }
    switch kind {
    case .replay(let bufferSize):
      _ = replayState.forEachReplayed(bufferSize: bufferSize, role) { element in
        emit(.next(element), to: subscription)
        return true
      }
    case .async:
      if terminal.isCompleted, let latest = replayState.latest.get(role) {
        emit(.next(latest), to: subscription)
      }
    case .publish, .behavior: break
    }
    emit(terminal, to: subscription)
  }
}

/// What a replaying `Hub` keeps (see `Hub.kept`): drainer-owned, touched only with the role of
/// its hub's drainer.
///
/// A `.replay` hub of one element (`share(replay: 1)`, every Driver) keeps it in `latest`,
/// overwritten in place like a behavior hub's, instead of a queue it would pop and append for every
/// element; larger buffers keep a `FIFO`. `append` and `forEachReplayed` are the only ways in and
/// out, so the two layouts are never mixed.
@usableFromInline
final class HubReplayState<Element>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var buffer = DrainerOwned(FIFO<Element>())
  /// The one element a `.behavior`, `.async` or one-element `.replay` hub keeps (overwritten in
  /// place, not queued).
  @usableFromInline @exclusivity(unchecked) var latest: DrainerOwned<Element?>

  @inlinable
  init(latest: Element?) { self.latest = DrainerOwned(latest) }

  /// Buffers `element`, dropping the oldest beyond `bufferSize` (a `.replay` hub).
  @inlinable
  func append(_ element: Element, bufferSize: Int, _ role: borrowing DrainerRole) {
    if bufferSize == 1 {
      latest.set(element, role)
      return
    }
    buffer.modify(role) { buffer in
      if buffer.count == bufferSize { _ = buffer.popFirst() }
      buffer.append(element)
    }
  }

  /// Calls `body` with each buffered element of a `.replay` hub of `bufferSize`, oldest first,
  /// while it returns `true`; returns `false` if `body` stopped it.
  @inlinable
  func forEachReplayed(
    bufferSize: Int, _ role: borrowing DrainerRole, _ body: (Element) -> Bool
  ) -> Bool {
    if bufferSize == 1 {
      guard let latest = latest.get(role) else { return true }
      return body(latest)
    }
    // A copy of the buffer: `body` calls out (a subscriber's replay).
    for element in buffer.read(role, { $0.elements }) where !body(element) { return false }
    return true
  }
}

/// Whether a `Hub` terminated, and how: its terminal event without the element type.
@usableFromInline
enum HubTermination {
  case live
  case completed
  case failed(any Swift.Error)

  @inlinable
  var isLive: Bool {
    if case .live = self { return true }
    return false
  }

  @inlinable
  func event<Element>() -> Event<Element>? {
    switch self {
    case .live: return nil
    case .completed: return .completed
    case .failed(let error): return .error(error)
    }
  }
}

/// The element-independent half of a `Hub`: the subscriber list and the observer count.
/// Unsubscribing starts here, so `dispose()` enters generic code only to reach the drainer.
///
/// The list is the engine's `SubscriberList` (O(1) amortized removal, order kept), drainer-owned
/// (`DrainerOwned`: reachable only with the hub's drainer role). A removed entry leaves the
/// shared dead `HubEntry.tombstone` in its slot, and delivery skips dead entries.
@usableFromInline
class HubCore: HotSource, @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) final var entries = DrainerOwned(
    SubscriberList<HubEntry>())
  /// Whether a `SubscriberLeaf` was appended since the list was last emptied (conservative: not
  /// cleared when that leaf leaves). Set only by `Downstream.append(_:to:_:)`.
  @usableFromInline @exclusivity(unchecked) final var hasLeaves = DrainerOwned(false)
  /// Live subscriptions: incremented by `subscribe`, decremented by whoever ends a subscription
  /// (its `dispose()`, or the terminal event), so `hasObservers` is exact once `dispose()` returns.
  @usableFromInline let observerCount = Atomic<Int>(0)

  @inlinable
  override init() {}

  /// Whether any subscription is live (subscribed and neither disposed nor terminated). Exact
  /// as seen by the thread that subscribed or disposed; a subscription being made on another
  /// thread counts from the start of its `subscribe` call.
  @inlinable
  final var hasObservers: Bool { observerCount.load(ordering: .acquiring) > 0 }

  /// Called once by a disposed entry (after the count was decremented).
  @usableFromInline
  func entryDied(_ entry: HubEntry) {
    preconditionFailure("Internal inconsistency: HubCore is only used through Hub")
  }

  /// Adds an entry at the end of the list; through `Downstream.append(_:to:_:)`.
  @inlinable
  final func appendEntry(_ entry: HubEntry, _ role: borrowing DrainerRole) {
    entries.modify(role) { $0.append(entry) }
  }

  /// Drops one entry in O(1) (no-op if it is not in the list).
  @usableFromInline
  final func removeEntry(_ entry: HubEntry, _ role: borrowing DrainerRole) {
    let isEmpty = entries.modify(role) { entries in
      entries.remove(entry) { HubEntry.tombstone }
      return entries.isEmpty
    }
    if isEmpty { hasLeaves.set(false, role) }
  }

  /// Empties the list (terminal event) and returns its live entries, giving back its storage.
  @inlinable
  final func takeEntries(_ role: borrowing DrainerRole) -> ContiguousArray<HubEntry> {
    hasLeaves.set(false, role)
    return entries.modify(role) { $0.takeAll() }
  }
}

/// One observer's place in a hub: a `HubSubscription` (an observer wrapped by the hub) or a
/// `SubscriberLeaf` (the subscription of `subscribe(onNext:...)`, which is its own entry).
/// Disposing marks it dead; the hub drops it.
@usableFromInline
class HubEntry: Cancelable, SubscriberListElement, @unchecked Sendable {
  // `hub` is written before the entry is published to the hub's drainer, then cleared by the
  // single winner of `dead`. It is strong, as in RxSwift: an entry keeps its hub alive until
  // disposed (a weak reference would cost a side-table allocation). `slot` is touched by the
  // hub's drainer only, through its list.
  @usableFromInline let dead = Atomic<Bool>(false)
  @usableFromInline @exclusivity(unchecked) var hub: HubCore?
  @usableFromInline @exclusivity(unchecked) final var slot = -1
  /// Whether this entry is a `SubscriberLeaf` (else a `HubSubscription` or the tombstone). Read
  /// only by `Downstream`, the one home of the subscriber-leaf shortcut.
  @usableFromInline let isLeaf: Bool
  @usableFromInline let token: ResourceToken?

  @inlinable
  init(hub: HubCore?, isLeaf: Bool) {
    self.hub = hub
    self.isLeaf = isLeaf
    token = ResourceToken()
  }

  /// The filler of removed slots: dead from the start, never delivered to.
  @usableFromInline
  init() {
    dead.store(true, ordering: .relaxed)
    isLeaf = false
    token = nil
  }

  @usableFromInline static let tombstone = HubEntry()

  @inlinable @inline(__always)
  final var isDead: Bool { dead.load(ordering: .relaxed) }

  @inlinable
  var isDisposed: Bool { dead.load(ordering: .acquiring) }

  /// Ends the subscription because the hub terminated: `true` when it was still live (then the
  /// caller sends it the terminal event). Drainer only.
  @inlinable
  final func finish() -> Bool {
    guard !dead.exchange(true, ordering: .acquiringAndReleasing) else { return false }
    hub?.observerCount.subtract(1, ordering: .releasing)
    hub = nil
    return true
  }

  @usableFromInline
  func dispose() { detach() }

  /// Leaves the hub (once; a no-op after `finish()`): the observer count drops now, the list
  /// entry when the drainer gets to it.
  @usableFromInline
  final func detach() {
    guard !dead.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let hub = self.hub
    self.hub = nil
    guard let hub else { return }
    hub.observerCount.subtract(1, ordering: .releasing)
    hub.entryDied(self)
  }
}

/// A subscribed observer of a `Hub`.
@usableFromInline
final class HubSubscription<Element>: HubEntry, @unchecked Sendable {  // `observer` is immutable
  @usableFromInline let observer: AnyObserver<Element>

  @inlinable
  init(hub: Hub<Element>, observer: AnyObserver<Element>) {
    self.observer = observer
    super.init(hub: hub, isLeaf: false)
  }
}
