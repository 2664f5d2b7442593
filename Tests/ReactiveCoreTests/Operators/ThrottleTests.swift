import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct ThrottleTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(300, 4), .next(310, 5),
    .completed(320),
  ]

  @Test func latestEmitsLeadingAndTrailingAndCompletionWaits() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
      #expect(
        res.events == [
          .next(210, 1), .next(240, 3), .next(300, 4), .next(330, 5), .completed(330),
        ])
      // The source is released when it completes (320), as in RxSwift, not when delivery ends.
      #expect(xs.subscriptions == [Subscription(200, 320)])
    }
  }

  @Test func notLatestDropsElementsInsideTheWindow() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let res = scheduler.start {
        xs.throttle(.seconds(30), latest: false, scheduler: scheduler)
      }
      #expect(res.events == [.next(210, 1), .next(300, 4), .completed(320)])
    }
  }

  @Test func elementAtTheWindowsEndIsEmittedAtOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(250, 3)])
      let res = scheduler.start(disposed: 400) { xs.throttle(.seconds(30), scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .next(240, 2), .next(270, 3)])
    }
  }

  @Test func windowIsMeasuredFromTheLastEmission() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^ab-c----d-e-|")
      let res = scheduler.start { xs.throttle(.seconds(25), scheduler: scheduler) }
      #expect(
        res.events == [
          .next(210, "a"), .next(235, "b"), .next(260, "c"), .next(290, "d"), .next(315, "e"),
          .completed(330),
        ])
    }
  }

  @Test func errorDropsTheTrailingElement() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .error(225, TestError(id: 2)),
      ])
      let res = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .error(225, TestError(id: 2))])
    }
  }

  @Test func disposalMidWindowDropsTheTrailingElement() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
      let res = scheduler.start(disposed: 230) { xs.throttle(.seconds(30), scheduler: scheduler) }
      #expect(res.events == [.next(210, 1)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test func stateMachine() {
    let start = RxTime(timeIntervalSince1970: 0)
    var machine = ThrottleStateMachine<Int>(dueTime: .seconds(10), latest: true)
    guard case .emit(1) = machine.next(1, now: start) else { return #expect(Bool(false)) }
    guard case .none = machine.emitted(now: start) else { return #expect(Bool(false)) }
    guard case .startTimer(let dueTime) = machine.next(2, now: start.addingTimeInterval(4))
    else { return #expect(Bool(false)) }
    #expect(dueTime == .nanoseconds(6_000_000_000))
    guard case .none = machine.next(3, now: start.addingTimeInterval(5)) else {
      return #expect(Bool(false))
    }
    guard case .none = machine.completed(now: start) else { return #expect(Bool(false)) }
    guard case .complete(flushing: 3) = machine.timerFired(now: start) else {
      return #expect(Bool(false))
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.throttle(.seconds(1), scheduler: TestScheduler(initialClock: 0)) }
    checkOperatorContract {
      $0.throttle(.seconds(1), latest: false, scheduler: TestScheduler(initialClock: 0))
    }
    checkVirtualTimeContract { $0.throttle(.seconds(15), scheduler: $1) }
    checkVirtualTimeContract { $0.throttle(.seconds(15), latest: false, scheduler: $1) }
  }
}
