import ReactiveCore
import Testing

@testable import ReactiveTesting

/// The trap of RxTest's default resolution (one second per tick): a sub-second due time is
/// 0 ticks. The scheduler warns the first time it happens, not for times that round to a tick.
@Suite struct TestSchedulerResolutionTests {
  @Test func aSubSecondTimeAtTheDefaultResolutionWarnsOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    var ranAt: [TestTime] = []
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(300)) { _ in
      ranAt.append(scheduler.clock)
      return Disposables.create()
    }
    let warning = scheduler.resolutionWarning
    #expect(warning?.hasPrefix("TestScheduler: a due time of 0.3 s is 0 ticks") == true)
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in Disposables.create() }
    #expect(scheduler.resolutionWarning == warning)  // kept from the first time
    scheduler.start()
    #expect(ranAt == [1])  // due at once, so at the next tick
  }

  @Test func timesThatAreWholeTicksDoNotWarn() {
    let seconds = TestScheduler(initialClock: 0)
    _ = seconds.scheduleRelative((), dueTime: .milliseconds(700)) { _ in Disposables.create() }
    _ = seconds.scheduleRelative((), dueTime: .seconds(0)) { _ in Disposables.create() }
    _ = seconds.schedule(()) { _ in Disposables.create() }
    #expect(seconds.resolutionWarning == nil)
    let milliseconds = TestScheduler(initialClock: 0, resolution: 0.001)
    _ = milliseconds.scheduleRelative((), dueTime: .milliseconds(300)) { _ in Disposables.create() }
    #expect(milliseconds.resolutionWarning == nil)
  }
}
