import ReactiveCore
import ReactiveEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scheduler on a virtual clock, for testing time-based code without waiting: RxTest's
/// `TestScheduler`, with the same API and the same timing rules.
///
/// Work runs in order of its virtual due time; work due at the same time runs in the order it was
/// scheduled. `start()` runs everything; `advanceTo(_:)` runs what is due up to a time.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// #expect(res.events == [.next(210, 20), .completed(300)])
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
///
/// Timing rules (as RxTest):
/// - A relative due time of `d` seconds is `Int(d / resolution + 0.5)` ticks.
/// - With `simulateProcessingDelay` (the default), work scheduled for a time at or before `clock`
///   (including `schedule(_:action:)`, which means "now") runs at `clock + 1`; so
///   `just(x)` observed on the scheduler and subscribed at 200 emits at 201.
/// - `scheduleAt(_:action:)`, hot and cold observables schedule at exact times, with no adjustment.
/// - `now` is `Date(timeIntervalSince1970: Double(clock) * resolution)`.
///
/// Thread safety: the queue and the clock are behind a lock that is never held while an action
/// runs, so actions may schedule more work; drive the scheduler (`start`, `advanceTo`) from one
/// thread at a time.
public final class TestScheduler: SchedulerType, Sendable {
  private struct Warning {
    var message: String?
    var zeroTickDueTime: Double?
  }

  private let virtualClock: VirtualClock<TestTime>
  /// The first due time that rounded to 0 ticks, and the warning printed for it.
  private let warning = Locked(Warning())

  /// The length of one tick of virtual time, in seconds.
  public let resolution: Double
  /// Whether work scheduled at or before `clock` is moved to `clock + 1`.
  public let simulateProcessingDelay: Bool

  /// Creates a scheduler whose clock starts at `initialClock`.
  ///
  /// - Parameters:
  ///   - initialClock: the starting virtual time.
  ///   - resolution: seconds per tick (RxTest's default, 1: `.seconds(5)` is 5 ticks). Relative
  ///     times round to whole ticks, so with the default `.milliseconds(300)` is **0 ticks**
  ///     (it runs at the next tick, or at once) and `.milliseconds(700)` is 1: for features that
  ///     use sub-second times, pass `resolution: 0.001` (a tick is a millisecond). The first
  ///     positive due time that rounds to 0 ticks prints a warning to standard error.
  ///   - simulateProcessingDelay: run work due "now" one tick later, as RxTest does.
  public init(
    initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true
  ) {
    precondition(resolution > 0, "TestScheduler: resolution must be positive")
    self.virtualClock = VirtualClock(name: "TestScheduler", now: initialClock, isEarlier: <)
    self.resolution = resolution
    self.simulateProcessingDelay = simulateProcessingDelay
  }

  /// The current virtual time.
  public var clock: TestTime { virtualClock.now }

  /// How many scheduled actions are waiting (not run, not disposed). A test of async code waits
  /// for it to grow, which tells that a task has scheduled its wake-up (for example
  /// `try await scheduler.sleep(for:)` in an effect), before advancing the clock.
  public var pendingCount: Int { virtualClock.liveItems.count }

  /// When the earliest pending item falls due, if any (for failure messages).
  package var nextDueTime: TestTime? { virtualClock.liveItems.map(\.time).min() }

  /// When each effect of the store `owner` next falls due: the earliest pending item scheduled
  /// while it was started or while one of its items ran (see `WorkAttribution`), by effect
  /// number (for failure messages).
  package func nextDueTimes(ofEffectsOf owner: ObjectIdentifier) -> [Int: TestTime] {
    var times: [Int: TestTime] = [:]
    for item in virtualClock.liveItems {
      guard let work = item.work, work.owner == UInt(bitPattern: owner) else { continue }
      times[work.key] = min(times[work.key] ?? item.time, item.time)
    }
    return times
  }

  /// The current virtual time as a date: `clock * resolution` seconds after 1970.
  public var now: RxTime { Date(timeIntervalSince1970: Double(clock) * resolution) }

  // MARK: Scheduling

  /// Schedules `action` at the virtual time `time`, with no processing-delay adjustment.
  ///
  /// - Complexity: O(log n) in the number of queued items.
  public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
  }

  /// Schedules `action` with `state` at the virtual time `time` exactly (no processing-delay
  /// adjustment); the returned disposable cancels it, and once it ran disposes what it returned.
  ///
  /// - Complexity: O(log n) in the number of queued items.
  public func scheduleAbsoluteVirtual<StateType>(
    _ state: StateType, time: TestTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let owner = SchedulingScopes.current?.ownerOfScheduledWork()
    let work = WorkAttribution.current
    return virtualClock.schedule(
      VirtualClockItem(
        time: time, work: work, countsAsResource: false, done: owner.map { $0.itemDone(ran:) }
      ) { WorkAttribution.withCurrent(work) { action(state) } })
  }

  /// Schedules `action` with `state` `dueTime` ticks after the current clock, with no adjustment.
  public func scheduleRelativeVirtual<StateType>(
    _ state: StateType, dueTime: TestTime, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleAbsoluteVirtual(state, time: clock + dueTime, action: action)
  }

  /// The number of ticks in `interval`: `Int(seconds / resolution + 0.5)` (`nil` for `.never`).
  public func ticks(_ interval: RxTimeInterval) -> TestTime? {
    guard let seconds = interval.seconds else { return nil }
    return Int(seconds / resolution + 0.5)
  }

  /// The time relative work runs at: RxTest converts `now + dueTime` back to ticks, then applies the
  /// processing delay. `nil` for `.never`.
  private func dueTime(after interval: RxTimeInterval) -> TestTime? {
    guard let seconds = interval.seconds else { return nil }
    if seconds > 0 && seconds / resolution < 0.5 { warnRoundedToZero(seconds) }
    let current = clock
    let absolute = Int((Double(current) * resolution + seconds) / resolution + 0.5)
    if absolute <= current { return simulateProcessingDelay ? current + 1 : current }
    return absolute
  }

  /// The warning printed (once per scheduler, to standard error) the first time a positive due
  /// time rounded to 0 ticks, or nil.
  var resolutionWarning: String? { warning.withLock { $0.message } }

  /// The first positive due time (in seconds) that rounded to 0 ticks, or nil.
  package var zeroTickDueTime: Double? { warning.withLock { $0.zeroTickDueTime } }

  /// Warns, once per scheduler, that a positive due time became 0 ticks: the trap of RxTest's
  /// default resolution of one second, where `.milliseconds(300)` runs at the next tick.
  private func warnRoundedToZero(_ seconds: Double) {
    let message =
      "TestScheduler: a due time of \(seconds) s is 0 ticks at a resolution of \(resolution) s"
      + " (it runs at the next tick); for sub-second times use"
      + " TestScheduler(initialClock: 0, resolution: 0.001)\n"
    let first = warning.withLock { warning in
      guard warning.message == nil else { return false }
      warning.message = message
      warning.zeroTickDueTime = seconds
      return true
    }
    if first {
      let bytes = Array(message.utf8)
      _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
  }

  /// Schedules `action` at the current virtual time (one tick later when the scheduler
  /// simulates a processing delay, as RxTest does).
  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
  }

  /// Schedules `action` after `dueTime`; `.never` schedules nothing.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    guard let time = self.dueTime(after: dueTime) else { return Disposables.create() }
    return scheduleAbsoluteVirtual(state, time: time, action: action)
  }

  /// Runs `action` first after `startAfter`, then every `period`. Each run first schedules the
  /// next one, then calls `action` (as RxSwift's recursive periodic scheduling does).
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let periodic = VirtualPeriodicWork(state: state, countsAsResource: false, action: action)
    periodic.schedule(on: self, after: startAfter, period: period)
    return periodic
  }

  // MARK: Running

  /// Runs all queued work (including work scheduled meanwhile) until the queue is empty or
  /// `stop()` is called. Does nothing when already running.
  public func start() { virtualClock.start() }

  /// Stops `start()` or `advanceTo(_:)` after the current item.
  public func stop() { virtualClock.stop() }

  /// Runs the work due at or before `time`, then sets the clock to `time`.
  ///
  /// - Precondition: not already running, and `time` is not in the past.
  public func advanceTo(_ time: TestTime) { virtualClock.advance(to: time, allowingPast: false) }

  /// Runs the next item due at or before `time` (moving the clock to its time), if there is one;
  /// returns whether it ran one. For a driver that waits between items (`TestStore`).
  ///
  /// - Precondition: not already running, and `time` is not in the past.
  package func runNext(upTo time: TestTime) -> Bool { virtualClock.runNext(dueBy: time) }

  /// Moves the clock forward by `ticks` without running anything.
  public func sleep(_ ticks: TestTime) {
    precondition(ticks >= 0, "TestScheduler: cannot sleep a negative time")
    virtualClock.move { $0 + ticks }
  }

  // MARK: Testing helpers

  /// Creates an observer that records every event with the virtual time it arrived at.
  public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// Creates a hot observable: it sends `events` at their absolute times to whoever is subscribed
  /// then, and logs subscriptions.
  public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>])
    -> TestableObservable<Element>
  {
    TestableObservable(kind: .hot, scheduler: self, recordedEvents: events)
  }

  /// Creates a cold observable: each subscription receives `events` at their times relative to
  /// the moment it subscribed.
  public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>])
    -> TestableObservable<Element>
  {
    TestableObservable(kind: .cold, scheduler: self, recordedEvents: events)
  }

  /// Creates the sequence at `created`, subscribes to it at `subscribed`, disposes the subscription
  /// at `disposed`, runs the scheduler, and returns the recorded events.
  ///
  /// ```swift
  /// let res = scheduler.start(created: 100, subscribed: 200, disposed: 1000) {
  ///   Observable<Int>.interval(.seconds(100), scheduler: scheduler)
  /// }
  /// #expect(res.events.map(\.time) == [300, 400, 500, 600, 700, 800, 900])
  /// ```
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    created: TestTime, subscribed: TestTime, disposed: TestTime,
    create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    let observer = createObserver(Element.self)
    let run = StartRun<OutputSequence>()
    scheduleAt(created) { run.source = create() }
    scheduleAt(subscribed) { run.subscription = run.source?.asObservable().subscribe(observer) }
    scheduleAt(disposed) {
      run.subscription?.dispose()
      run.subscription = nil
      run.source = nil
    }
    start()
    return observer
  }

  /// `start(created: 100, subscribed: 200, disposed: disposed, create: create)` (the times of
  /// ``Defaults``).
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    disposed: TestTime, create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed,
      create: create)
  }

  /// `start(created: 100, subscribed: 200, disposed: 1000, create: create)` (the times of
  /// ``Defaults``).
  public func start<Element, OutputSequence: ObservableConvertibleType>(
    _ create: @escaping () -> OutputSequence
  ) -> TestableObserver<Element> where OutputSequence.Element == Element {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed,
      create: create)
  }

  /// The virtual times `start(_:)` uses, as in RxTest: tests name them to state expectations
  /// relative to them (`.next(Defaults.subscribed + 10, 1)`).
  public enum Defaults {
    /// When `start` creates the sequence under test: 100.
    public static let created: TestTime = 100
    /// When `start` subscribes to it: 200.
    public static let subscribed: TestTime = 200
    /// When `start` disposes the subscription: 1000.
    public static let disposed: TestTime = 1000
  }
}

/// The mutable cells of one `start(created:subscribed:disposed:create:)` run.
private final class StartRun<Source>: @unchecked Sendable {  // touched only by scheduled actions
  var source: Source?
  var subscription: Disposable?
}

extension RxTimeInterval {
  /// The interval in seconds; `nil` for `.never`.
  fileprivate var seconds: Double? {
    nanosecondsValue.map { Double($0) / 1_000_000_000 }
  }
}
