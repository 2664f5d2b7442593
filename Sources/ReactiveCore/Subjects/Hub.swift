import Dispatch
import Synchronization

/// The engine shared by every subject and relay: a subscriber list plus a serializing drain loop.
///
/// Every operation (an event, a subscription) is a `Command`. The thread that finds the hub idle
/// becomes the *drainer*: it runs its command, then every command that other threads (or
/// re-entrant calls from inside callbacks) queued meanwhile, then goes idle. So:
/// - observers never receive two events at once, and all see the same order;
/// - a re-entrant `onNext`/`accept` from inside a callback is queued and delivered after the
///   current event has reached every observer (no recursion);
/// - no lock is held while observers run; the subscriber list is touched only by the drainer, so
///   delivery reads it without copying, locking or retaining.
///
/// `state` packs the drainer flag (bit 0), a "dead entries to remove" flag (bit 1) and the number
/// of announced-but-not-yet-taken queued commands (bits 2 and up). Fast path for an uncontended
/// event: one compare-exchange to enter, the deliveries, one compare-exchange to leave. Enqueuers
/// announce first and then append under `queueLock`; the drainer leaves only when nothing is
/// announced, so nothing accepted is lost. A drainer that has run `drainBudget` queued commands
/// in one turn hands the role to a background thread, so producers on other threads cannot keep
/// one caller of `accept` busy forever.
///
/// Unsubscribing is deliberately not generic (see `HubCore`): `dispose()` reaches it through the
/// `Disposable` existential, where generic code would run unspecialized.
@usableFromInline
final class Hub<Element>: HubCore, @unchecked Sendable {
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
    case subscribe(HubSubscription<Element>)
  }

  @usableFromInline let kind: Kind
  @usableFromInline let queueLock = Lock.make()
  // Guarded by `queueLock`.
  @usableFromInline @exclusivity(unchecked) var queue = FIFO<Command>()
  // Drainer-owned: only the thread holding the drainer bit touches these.
  @usableFromInline @exclusivity(unchecked) var buffer = FIFO<Element>()
  @usableFromInline @exclusivity(unchecked) var terminal: Event<Element>?

  @inlinable
  init(kind: Kind, initial: Element? = nil) {
    self.kind = kind
    if let initial { buffer.append(initial) }
  }

  // MARK: Entry points (any thread)

  /// Sends `event` to every observer, serialized with all other commands.
  @inlinable
  func send(_ event: Event<Element>) {
    if state.compareExchange(expected: 0, desired: Self.draining, ordering: .acquiring).exchanged {
      deliver(event)
      drainAndLeave()
    } else {
      enqueue(.event(event))
    }
  }

  /// Subscribes `observer`; it receives the replayed elements, then live events.
  @inlinable
  func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
    let subscription = HubSubscription(hub: self, observer: observer)
    if state.compareExchange(expected: 0, desired: Self.draining, ordering: .acquiring).exchanged {
      attach(subscription)
      drainAndLeave()
    } else {
      enqueue(.subscribe(subscription))
    }
    return subscription
  }

  @usableFromInline
  func enqueue(_ command: Command) {
    if enterOrEnqueue(command) {
      execute(command)
      drainAndLeave()
    }
  }

  /// Either makes the caller the drainer (returns `true`; the caller then executes `command` and
  /// calls `drainAndLeave()`) or queues `command` (returns `false`). Never calls user code, so it
  /// may be called under a lock to order a state change with its delivery.
  @usableFromInline
  func enterOrEnqueue(_ command: Command) -> Bool {
    if enterOrAnnounce(state, draining: Self.draining, announced: Self.announced) { return true }
    queueLock.withLock { queue.append(command) }
    return false
  }

  /// How many queued commands one drainer runs before handing the rest to another thread, so a
  /// thread that happened to become the drainer is not held hostage by endless producers elsewhere.
  @usableFromInline static var drainBudget: Int { 65_536 }

  /// Runs queued commands until none is announced, then gives up the drainer role.
  @inlinable
  func drainAndLeave() {
    var budget = Self.drainBudget
    while true {
      let current = state.load(ordering: .relaxed)
      if current == Self.draining {
        if state.compareExchange(expected: current, desired: 0, ordering: .releasing).exchanged {
          return
        }
        continue
      }
      if current & Self.compactionNeeded != 0 {
        state.bitwiseAnd(~Self.compactionNeeded, ordering: .acquiring)
        removeDeadEntries()
        continue
      }
      if budget == 0 {
        handOff()
        return
      }
      budget -= 1
      execute(takeAnnounced())
    }
  }

  override func resumeDraining() {
    drainAndLeave()
  }

  /// Passes the drainer role (still held) to a background thread that goes on draining.
  @usableFromInline
  func handOff() {
    DispatchQueue.global().async { self.drainAndLeave() }
  }

  /// Takes the next queued command; its enqueuer announced it and is about to append it.
  @usableFromInline
  func takeAnnounced() -> Command {
    ReactiveCore.takeAnnounced(state, announced: Self.announced) {
      queueLock.withLock { queue.popFirst() }
    }
  }

  // MARK: Drainer-only

  @inlinable
  func execute(_ command: Command) {
    switch command {
    case .event(let event): deliver(event)
    case .subscribe(let subscription): attach(subscription)
    }
  }

  @inlinable
  func deliver(_ event: Event<Element>) {
    guard terminal == nil else { return }
    switch event {
    case .next(let element):
      switch kind {
      case .publish: break
      case .behavior:
        _ = buffer.popFirst()
        buffer.append(element)
      case .replay(let bufferSize):
        if bufferSize > 0 {
          if buffer.count == bufferSize { _ = buffer.popFirst() }
          buffer.append(element)
        }
      case .async:
        _ = buffer.popFirst()
        buffer.append(element)
        return
      }
      // Borrowed iteration: the list cannot change during delivery (only the drainer changes
      // it, between commands), so no copy and no retain per observer.
      entries.withUnsafeBufferPointer { entries in
        for index in entries.indices {
          Unmanaged.passUnretained(entries[index])._withUnsafeGuaranteedRef { entry in
            if !entry.isDead {
              unsafeDowncast(entry, to: HubSubscription<Element>.self).observer.on(event)
            }
          }
        }
      }
    case .error, .completed:
      terminal = event
      if case .behavior = kind { buffer.removeAll() }
      let entries = self.entries
      self.entries = []
      observerCount.store(0, ordering: .releasing)
      var lastElement: Element?
      // Keep the element buffered: late subscribers to a completed AsyncSubject receive it too.
      if case .async = kind, event.isCompleted { lastElement = buffer.last }
      for entry in entries where !entry.isDead {
        let observer = unsafeDowncast(entry, to: HubSubscription<Element>.self).observer
        if let lastElement { observer.on(.next(lastElement)) }
        observer.on(event)
      }
    }
  }

  @inlinable
  func attach(_ subscription: HubSubscription<Element>) {
    guard !subscription.isDead else { return }
    if let terminal {
      switch kind {
      case .replay:
        for element in buffer.elements { subscription.observer.on(.next(element)) }
      case .async:
        if terminal.isCompleted, let last = buffer.last {
          subscription.observer.on(.next(last))
        }
      case .publish, .behavior: break
      }
      subscription.observer.on(terminal)
      return
    }
    switch kind {
    case .behavior, .replay:
      for element in buffer.elements {
        if subscription.isDead { return }
        subscription.observer.on(.next(element))
      }
    case .publish, .async: break
    }
    guard !subscription.isDead else { return }
    entries.append(subscription)
    observerCount.add(1, ordering: .relaxed)
  }
}

/// The element-independent half of a `Hub`: the drainer state word and the subscriber list.
/// Unsubscribing runs here, so `dispose()` never enters unspecialized generic code.
@usableFromInline
class HubCore: @unchecked Sendable {
  // `state` arbitrates; `entries` is touched only by the thread holding the drainer bit.
  @usableFromInline static var draining: Int { 1 }
  @usableFromInline static var compactionNeeded: Int { 2 }
  @usableFromInline static var announced: Int { 4 }

  @usableFromInline let state = Atomic<Int>(0)
  @usableFromInline @exclusivity(unchecked) var entries: ContiguousArray<HubEntry> = []
  /// Number of live observers, readable from any thread (`hasObservers`).
  @usableFromInline let observerCount = Atomic<Int>(0)

  @inlinable
  init() {}

  /// Whether any observer is subscribed.
  @inlinable
  final var hasObservers: Bool { observerCount.load(ordering: .relaxed) > 0 }

  /// Called by a disposed entry: removes it now if the hub is idle, otherwise asks the drainer to.
  @usableFromInline
  final func entryDied(_ entry: HubEntry) {
    var current = state.load(ordering: .relaxed)
    while true {
      if current & Self.draining == 0 {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current | Self.draining, ordering: .acquiring)
        if exchanged {
          removeEntry(entry)
          if !state.compareExchange(expected: Self.draining, desired: 0, ordering: .releasing)
            .exchanged
          {
            resumeDraining()
          }
          return
        }
        current = now
      } else {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current | Self.compactionNeeded, ordering: .relaxed)
        if exchanged { return }
        current = now
      }
    }
  }

  /// Drops disposed entries from the list. Drainer only.
  @usableFromInline
  final func removeDeadEntries() {
    let before = entries.count
    entries = entries.filter { !$0.isDead }
    observerCount.subtract(before - entries.count, ordering: .relaxed)
  }

  /// Drops one disposed entry: a pointer scan and one `memmove`, so disposing a whole `DisposeBag`
  /// of subscriptions stays cheap. Drainer only.
  @usableFromInline
  final func removeEntry(_ entry: HubEntry) {
    var found: Int?
    for index in entries.indices where entries[index] === entry {
      found = index
      break
    }
    guard let found else { return }  // already dropped (terminated, or compacted by the drainer)
    entries.remove(at: found)
    observerCount.subtract(1, ordering: .relaxed)
  }

  /// Runs the queued commands that arrived while a non-generic caller held the drainer role.
  @usableFromInline
  func resumeDraining() {
    preconditionFailure("Internal inconsistency: HubCore is only used through Hub")
  }
}

/// One observer's place in a hub. Disposing marks it dead; the hub drops it.
@usableFromInline
class HubEntry: Cancelable, @unchecked Sendable {
  // `hub` is cleared by the single winner of `dead`. It is strong, as in RxSwift: an entry keeps
  // its hub alive until disposed (a weak reference would cost a side-table allocation).
  @usableFromInline let dead = Atomic<Bool>(false)
  @usableFromInline @exclusivity(unchecked) var hub: HubCore?
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(hub: HubCore) { self.hub = hub }

  @inlinable @inline(__always)
  final var isDead: Bool { dead.load(ordering: .relaxed) }

  @inlinable
  final var isDisposed: Bool { dead.load(ordering: .acquiring) }

  @usableFromInline
  final func dispose() {
    guard !dead.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let hub = self.hub
    self.hub = nil
    hub?.entryDied(self)
  }
}

/// A subscribed observer of a `Hub`.
@usableFromInline
final class HubSubscription<Element>: HubEntry, @unchecked Sendable {  // `observer` is immutable
  @usableFromInline let observer: AnyObserver<Element>

  @inlinable
  init(hub: Hub<Element>, observer: AnyObserver<Element>) {
    self.observer = observer
    super.init(hub: hub)
  }
}
