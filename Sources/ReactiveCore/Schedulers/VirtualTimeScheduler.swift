import ReactiveEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A scheduler on a virtual clock that moves only when you run it: work is queued with its
/// virtual due time and run in time order by `start()` or `advanceTo(_:)`, without waiting.
///
/// The clock's unit and its relation to real time come from `Converter` (RxSwift's design):
/// `HistoricalScheduler` counts in dates. Work due at the same time runs in the order it was
/// scheduled. Subclasses may override `adjustScheduledTime(_:)`, for example to run work
/// scheduled for "now" one step later.
///
/// ```swift
/// let scheduler = HistoricalScheduler()   // clock starts at 1970-01-01 00:00:00 UTC
/// _ = Observable<Int>.interval(.seconds(60), scheduler: scheduler).take(2)
///   .subscribe(onNext: { print($0, scheduler.now.timeIntervalSince1970) })
/// scheduler.start()
/// // Prints: 0 60.0
/// // Prints: 1 120.0
/// ```
///
/// Thread safety: the queue and the clock are behind a lock that is never held while an action
/// runs, so actions may schedule more work from any thread; drive the scheduler (`start`,
/// `advanceTo`, `sleep`) from one thread at a time. (RxSwift traps when used off the thread that
/// created it.) Unlike RxSwift, `TestScheduler` is not a subclass: it keeps its own integer clock.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType,
  @unchecked Sendable
{
  // Everything mutable is in `state`, behind its lock; `converter` is immutable and used under
  // the lock or by the thread driving the scheduler.
  /// A point on this scheduler's clock.
  public typealias VirtualTime = Converter.VirtualTimeUnit
  /// A distance on this scheduler's clock.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  private struct State {
    var clock: VirtualTime
    var queue: [VirtualSchedulerItem<VirtualTime>] = []  // a binary min-heap
    var nextID = 0
    var running = false
  }

  private let converter: Converter
  private let state: Locked<State>

  /// Creates a scheduler whose clock starts at `initialClock`.
  public init(initialClock: VirtualTime, converter: Converter) {
    self.converter = converter
    self.state = Locked(State(clock: initialClock))
  }

  /// The current virtual time as a date.
  public var now: RxTime { converter.convertFromVirtualTime(clock) }

  /// The current virtual time.
  public var clock: VirtualTime { state.withLock { $0.clock } }

  /// Schedules `action` "now": at the current virtual time (after what is already due then),
  /// passed through `adjustScheduledTime(_:)`.
  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleRelative(state, dueTime: .microseconds(0), action: action)
  }

  /// Schedules `action` `dueTime` after the current virtual time, passed through
  /// `adjustScheduledTime(_:)`; `.never` schedules nothing.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    guard dueTime.nanosecondsValue != nil else { return Disposables.create() }
    let time = converter.convertToVirtualTime(now.adding(dueTime))
    return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
  }

  /// Schedules `action` `dueTime` (virtual units) after the current virtual time, unadjusted.
  public func scheduleRelativeVirtual<StateType>(
    _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let time = converter.offsetVirtualTime(clock, offset: dueTime)
    return scheduleAbsoluteVirtual(state, time: time, action: action)
  }

  /// Schedules `action` at the virtual time `time`, unadjusted; the returned disposable cancels
  /// it, and once it ran disposes what it returned.
  ///
  /// - Complexity: O(log n) in the number of queued items.
  public func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    self.state.withLock { scheduler in
      let item = VirtualSchedulerItem(time: time, id: scheduler.nextID) { action(state) }
      scheduler.nextID += 1
      push(item, into: &scheduler.queue)
      return item
    }
  }

  /// Runs `action` first after `startAfter`, then every `period`; each run first schedules the
  /// next one, then calls `action` with the state the previous run returned.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let periodic = VirtualPeriodicWork(state: state, action: action)
    periodic.schedule(on: self, after: startAfter, period: period)
    return periodic
  }

  /// The time relative work is queued at, given its due time; by default `time` itself.
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

  /// Runs all queued work (including work scheduled meanwhile) until the queue is empty or
  /// `stop()` is called; the clock moves to each item's time. Does nothing when already running.
  public func start() {
    let started = state.withLock { state -> Bool in
      if state.running { return false }
      state.running = true
      return true
    }
    guard started else { return }
    while let item = next(upTo: nil) { item.invoke() }
  }

  /// Runs the work due at or before `virtualTime`, then sets the clock to `virtualTime`.
  ///
  /// - Precondition: not running already.
  public func advanceTo(_ virtualTime: VirtualTime) {
    state.withLock { state in
      precondition(!state.running, "VirtualTimeScheduler: advanceTo called while running")
      state.running = true
    }
    while let item = next(upTo: virtualTime) { item.invoke() }
    state.withLock { $0.clock = virtualTime }
  }

  /// Moves the clock forward by `virtualInterval` without running anything.
  ///
  /// - Precondition: `virtualInterval` does not move the clock into the past.
  public func sleep(_ virtualInterval: VirtualTimeInterval) {
    state.withLock { state in
      let target = converter.offsetVirtualTime(state.clock, offset: virtualInterval)
      precondition(
        converter.compareVirtualTime(target, state.clock) != .lessThan,
        "VirtualTimeScheduler: cannot sleep into the past")
      state.clock = target
    }
  }

  /// Stops `start()` or `advanceTo(_:)` after the current item.
  public func stop() {
    state.withLock { $0.running = false }
  }

  /// Pops the next live item due at or before `limit`, moving the clock to its time; `nil` (and
  /// not running any more) when there is none or the scheduler was stopped.
  private func next(upTo limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
    state.withLock { state in
      while state.running, let item = state.queue.first {
        if item.isDisposed {
          _ = pop(from: &state.queue)
          continue
        }
        if let limit, converter.compareVirtualTime(item.time, limit) == .greaterThan { break }
        _ = pop(from: &state.queue)
        if converter.compareVirtualTime(item.time, state.clock) == .greaterThan {
          state.clock = item.time
        }
        return item
      }
      state.running = false
      return nil
    }
  }

  // MARK: The queue: a binary min-heap ordered by (time, id), so ties run first in, first out.

  private func precedes(
    _ lhs: VirtualSchedulerItem<VirtualTime>, _ rhs: VirtualSchedulerItem<VirtualTime>
  ) -> Bool {
    switch converter.compareVirtualTime(lhs.time, rhs.time) {
    case .lessThan: return true
    case .greaterThan: return false
    case .equal: return lhs.id < rhs.id
    }
  }

  /// - Complexity: O(log n).
  private func push(
    _ item: VirtualSchedulerItem<VirtualTime>, into heap: inout [VirtualSchedulerItem<VirtualTime>]
  ) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// - Complexity: O(log n).
  private func pop(from heap: inout [VirtualSchedulerItem<VirtualTime>])
    -> VirtualSchedulerItem<VirtualTime>?
  {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let first = heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count && precedes(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count && precedes(heap[right], heap[smallest]) { smallest = right }
      if smallest == parent { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}

extension VirtualTimeScheduler: CustomDebugStringConvertible {
  /// The due times of the queued work, in the order it will run.
  public var debugDescription: String {
    let queued = state.withLock { $0.queue.filter { !$0.isDisposed } }
    return "\(queued.sorted(by: precedes).map(\.time))"
  }
}

/// A scheduler whose virtual clock is a `Date`: replays time-based code over historical
/// timestamps, or runs it faster than real time.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 1_000))
/// _ = Observable.just(1).delay(.seconds(5), scheduler: scheduler)
///   .subscribe(onNext: { _ in print(scheduler.now.timeIntervalSince1970) })
/// scheduler.start()
/// // Prints: 1005.0
/// ```
open class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>,
  @unchecked Sendable
{
  // No state of its own; see `VirtualTimeScheduler`.
  /// Creates a scheduler whose clock starts at `initialClock` (by default the 1970 epoch).
  public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}

/// One queued action of a `VirtualTimeScheduler`.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
  // `time` and `id` are immutable; the rest is behind `state`. The action is handed out once and
  // released on disposal, so that what it captures does not outlive a cancelled item.
  let time: Time
  let id: Int
  private let state: Locked<(action: (() -> Disposable)?, result: Disposable?, disposed: Bool)>
  private let token = ResourceToken()

  init(time: Time, id: Int, action: @escaping () -> Disposable) {
    self.time = time
    self.id = id
    self.state = Locked((action, nil, false))
  }

  var isDisposed: Bool { state.withLock { $0.disposed } }

  /// Runs the action (unless disposed) with no lock held, keeping the disposable it returns.
  func invoke() {
    guard let action = state.withLock({ $0.action.take() }) else { return }
    let result = action()
    let disposeNow = state.withLock { state -> Bool in
      if state.disposed { return true }
      state.result = result
      return false
    }
    if disposeNow { result.dispose() }
  }

  func dispose() {
    let (action, result): ((() -> Disposable)?, Disposable?) = state.withLock { state in
      if state.disposed { return (nil, nil) }
      state.disposed = true
      return (state.action.take(), state.result.take())
    }
    withExtendedLifetime(action) {}  // released here, outside the lock
    result?.dispose()
  }
}

/// Periodic work on a `VirtualTimeScheduler`: each run schedules the next, then runs the action.
final class VirtualPeriodicWork<State>: Cancelable, @unchecked Sendable {
  // `state` and `action` are used only by the thread running the scheduler, one run at a time;
  // `current` is thread-safe.
  private var state: State
  private let action: (State) -> State
  private let current = SerialDisposable()
  private let token = ResourceToken()

  init(state: State, action: @escaping (State) -> State) {
    self.state = state
    self.action = action
  }

  var isDisposed: Bool { current.isDisposed }

  func schedule<C>(
    on scheduler: VirtualTimeScheduler<C>, after dueTime: RxTimeInterval, period: RxTimeInterval
  ) {
    // The queued item holds this object until it runs or is disposed.
    current.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
      guard !self.isDisposed else { return Disposables.create() }
      self.schedule(on: scheduler, after: period, period: period)
      self.state = self.action(self.state)
      return Disposables.create()
    }
  }

  func dispose() { current.dispose() }
}
