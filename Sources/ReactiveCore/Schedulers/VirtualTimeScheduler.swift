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
/// created it.) Unlike RxSwift, `TestScheduler` is not a subclass: it keeps its own integer clock,
/// on the same queue and run loop (`VirtualClock`).
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType,
  @unchecked Sendable
{
  // Everything mutable is in `virtualClock`, behind its lock; `converter` is immutable and used
  // under that lock or by the thread driving the scheduler.
  /// A point on this scheduler's clock.
  public typealias VirtualTime = Converter.VirtualTimeUnit
  /// A distance on this scheduler's clock.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  private let converter: Converter
  private let virtualClock: VirtualClock<VirtualTime>

  /// Creates a scheduler whose clock starts at `initialClock`.
  public init(initialClock: VirtualTime, converter: Converter) {
    self.converter = converter
    self.virtualClock = VirtualClock(name: "VirtualTimeScheduler", now: initialClock) {
      converter.compareVirtualTime($0, $1) == .lessThan
    }
  }

  /// The current virtual time as a date.
  public var now: RxTime { converter.convertFromVirtualTime(clock) }

  /// The current virtual time.
  public var clock: VirtualTime { virtualClock.now }

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
    virtualClock.schedule(VirtualClockItem(time: time, countsAsResource: true) { action(state) })
  }

  /// Runs `action` first after `startAfter`, then every `period`; each run first schedules the
  /// next one, then calls `action` with the state the previous run returned.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let periodic = VirtualPeriodicWork(state: state, countsAsResource: true, action: action)
    periodic.schedule(on: self, after: startAfter, period: period)
    return periodic
  }

  /// The time relative work is queued at, given its due time; by default `time` itself.
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

  /// Runs all queued work (including work scheduled meanwhile) until the queue is empty or
  /// `stop()` is called; the clock moves to each item's time. Does nothing when already running.
  public func start() { virtualClock.start() }

  /// Runs the work due at or before `virtualTime`, then sets the clock to `virtualTime`.
  ///
  /// - Precondition: not running already.
  public func advanceTo(_ virtualTime: VirtualTime) {
    virtualClock.advance(to: virtualTime, allowingPast: true)
  }

  /// Moves the clock forward by `virtualInterval` without running anything.
  ///
  /// - Precondition: `virtualInterval` does not move the clock into the past.
  public func sleep(_ virtualInterval: VirtualTimeInterval) {
    virtualClock.move { clock in
      let target = converter.offsetVirtualTime(clock, offset: virtualInterval)
      precondition(
        converter.compareVirtualTime(target, clock) != .lessThan,
        "VirtualTimeScheduler: cannot sleep into the past")
      return target
    }
  }

  /// Stops `start()` or `advanceTo(_:)` after the current item.
  public func stop() { virtualClock.stop() }
}

extension VirtualTimeScheduler: CustomDebugStringConvertible {
  /// The due times of the queued work, in the order it will run.
  public var debugDescription: String {
    "\(virtualClock.liveItemsInOrder.map(\.time))"
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

/// Periodic work on a virtual-time scheduler (`VirtualTimeScheduler`, ReactiveTesting's
/// `TestScheduler`): each run schedules the next, then runs the action.
package final class VirtualPeriodicWork<State>: Cancelable, @unchecked Sendable {
  // `state` and `action` are used only by the thread running the scheduler, one run at a time;
  // `current` is thread-safe.
  private var state: State
  private let action: (State) -> State
  private let current = SerialDisposable()
  private let token: ResourceToken?

  /// Work starting from `state`; `countsAsResource` counts it in `Resources` while it lives.
  package init(state: State, countsAsResource: Bool, action: @escaping (State) -> State) {
    self.state = state
    self.action = action
    self.token = countsAsResource ? ResourceToken() : nil
  }

  /// Whether the work was disposed.
  package var isDisposed: Bool { current.isDisposed }

  /// Schedules the first run after `dueTime`; each run schedules the next after `period`.
  package func schedule(
    on scheduler: some SchedulerType, after dueTime: RxTimeInterval, period: RxTimeInterval
  ) {
    // The queued item holds this object until it runs or is disposed.
    current.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
      guard !self.isDisposed else { return Disposables.create() }
      self.schedule(on: scheduler, after: period, period: period)
      self.state = self.action(self.state)
      return Disposables.create()
    }
  }

  /// Cancels the next run.
  package func dispose() { current.dispose() }
}
