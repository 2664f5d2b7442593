import Dispatch
import Synchronization

/// The engine shared by every subject and relay: a subscriber list plus a serializing drain loop.
///
/// Every operation (an event, a subscription, an unsubscription) is a `Command`. The thread that
/// finds the hub idle becomes the *drainer*: it runs its command, then every command that other
/// threads (or re-entrant calls from inside callbacks) queued meanwhile, then goes idle. So:
/// - observers never receive two events at once, and all see the same order;
/// - a re-entrant `onNext`/`accept` from inside a callback is queued and delivered after the
///   current event has reached every observer (no recursion);
/// - no lock is held while observers run; the subscriber list is touched only by the drainer, so
///   delivery reads it without copying, locking or retaining.
///
/// `state` packs the drainer flag (bit 0) and the number of announced-but-not-yet-taken queued
/// commands (the rest). Fast path for an uncontended event: one compare-exchange to enter, the
/// deliveries, one compare-exchange to leave. Enqueuers announce first (count += 1) and then append
/// under `queueLock`; the drainer leaves only when the count is zero, so nothing accepted is lost.
/// A drainer that has run `drainBudget` queued commands in one turn hands the role to a background
/// thread, so producers on other threads cannot keep one caller of `accept` busy forever.
@usableFromInline
final class Hub<Element>: @unchecked Sendable {
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
    case unsubscribe(HubSubscription<Element>)
  }

  @usableFromInline let kind: Kind
  @usableFromInline let state = Atomic<Int>(0)
  @usableFromInline let queueLock = Lock.make()
  // Guarded by `queueLock`.
  @usableFromInline var queue = FIFO<Command>()
  // Drainer-owned: only the thread holding bit 0 of `state` touches the following.
  @usableFromInline @exclusivity(unchecked) var observers: ContiguousArray<HubSubscription<Element>> = []
  @usableFromInline var buffer = FIFO<Element>()
  @usableFromInline var terminal: Event<Element>?
  /// Number of live observers, readable from any thread (`hasObservers`).
  @usableFromInline let observerCount = Atomic<Int>(0)

  @inlinable
  init(kind: Kind, initial: Element? = nil) {
    self.kind = kind
    if let initial { buffer.append(initial) }
  }

  // MARK: Entry points (any thread)

  /// Sends `event` to every observer, serialized with all other commands.
  @inlinable
  func send(_ event: Event<Element>) {
    if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
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
    run(.subscribe(subscription))
    return subscription
  }

  @inlinable
  func run(_ command: Command) {
    if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      execute(command)
      drainAndLeave()
    } else {
      enqueue(command)
    }
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
    var current = state.load(ordering: .relaxed)
    while true {
      if current & 1 == 0 {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current | 1, ordering: .acquiring)
        if exchanged { return true }
        current = now
      } else {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current + 2, ordering: .relaxed)
        if exchanged { break }
        current = now
      }
    }
    queueLock.withLock { queue.append(command) }
    return false
  }

  /// How many queued commands one drainer runs before handing the rest to another thread, so a
  /// thread that happened to become the drainer is not held hostage by endless producers elsewhere.
  @usableFromInline static var drainBudget: Int { 65_536 }

  @inlinable
  func drainAndLeave() {
    var budget = Self.drainBudget
    while true {
      if state.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
      if budget == 0 {
        handOff()
        return
      }
      budget -= 1
      execute(takeAnnounced())
    }
  }

  /// Passes the drainer role (still held) to a background thread that goes on draining.
  @usableFromInline
  func handOff() {
    DispatchQueue.global().async { self.drainAndLeave() }
  }

  /// Takes the next queued command; its enqueuer announced it and is about to append it.
  @usableFromInline
  func takeAnnounced() -> Command {
    var round = 0
    while true {
      if let command = queueLock.withLock({ queue.popFirst() }) {
        state.subtract(2, ordering: .acquiring)
        return command
      }
      yieldThread(round)
      round += 1
    }
  }

  // MARK: Drainer-only

  @inlinable
  func execute(_ command: Command) {
    switch command {
    case .event(let event): deliver(event)
    case .subscribe(let subscription): attach(subscription)
    case .unsubscribe(let subscription): detach(subscription)
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
      observers.withUnsafeBufferPointer { observers in
        for observer in observers where !observer.isDead {
          observer.observer.on(event)
        }
      }
    case .error, .completed:
      terminal = event
      if case .behavior = kind { buffer.removeAll() }
      let observers = self.observers
      self.observers = []
      observerCount.store(0, ordering: .releasing)
      var lastElement: Element?
      // Keep the element buffered: late subscribers to a completed AsyncSubject receive it too.
      if case .async = kind, event.isCompleted { lastElement = buffer.elements.last }
      for observer in observers where !observer.isDead {
        if let lastElement { observer.observer.on(.next(lastElement)) }
        observer.observer.on(event)
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
        if terminal.isCompleted, let last = buffer.elements.last {
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
    observers.append(subscription)
    observerCount.add(1, ordering: .relaxed)
  }

  @inlinable
  func detach(_ subscription: HubSubscription<Element>) {
    guard let index = observers.firstIndex(where: { $0 === subscription }) else { return }
    observers.remove(at: index)
    observerCount.subtract(1, ordering: .relaxed)
  }

  /// Whether any observer is subscribed.
  @inlinable
  var hasObservers: Bool { observerCount.load(ordering: .relaxed) > 0 }
}

/// One observer of a `Hub`; disposing it detaches the observer.
@usableFromInline
final class HubSubscription<Element>: Cancelable, @unchecked Sendable {
  // `observer` is immutable; `hub` is cleared by the single winner of `dead`.
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline weak var hub: Hub<Element>?
  @usableFromInline let dead = Atomic<Bool>(false)
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(hub: Hub<Element>, observer: AnyObserver<Element>) {
    self.hub = hub
    self.observer = observer
  }

  @inlinable @inline(__always)
  var isDead: Bool { dead.load(ordering: .relaxed) }

  @inlinable
  var isDisposed: Bool { dead.load(ordering: .acquiring) }

  @inlinable
  func dispose() {
    guard !dead.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let hub = self.hub
    self.hub = nil
    hub?.run(.unsubscribe(self))
  }
}
