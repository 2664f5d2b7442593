import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct TimeoutTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(210, 1), .next(230, 2), .next(270, 3), .completed(280),
  ]

  @Test func failsWhenTheGapIsTooLong() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .next(230, 2), .error(260, RxError.timeout)])
      #expect(xs.subscriptions == [Subscription(200, 260)])
    }
  }

  @Test func timerStartsAtSubscription() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(240, 1)])
      let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
      #expect(res.events == [.error(230, RxError.timeout)])
    }
  }

  @Test func switchesToOther() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let other = scheduler.createColdObservable([.next(0, 100), .next(10, 200), .completed(20)])
      let res = scheduler.start {
        xs.timeout(.seconds(30), other: other, scheduler: scheduler)
      }
      #expect(
        res.events == [
          .next(210, 1), .next(230, 2), .next(260, 100), .next(270, 200), .completed(280),
        ])
      #expect(xs.subscriptions == [Subscription(200, 260)])
      #expect(other.subscriptions == [Subscription(260, 280)])
    }
  }

  @Test func noTimeoutWhenTheSourceKeepsUp() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(230, 2), .error(250, TestError(id: 4)),
      ])
      let other = scheduler.createColdObservable([.next(0, 100)])
      let res = scheduler.start { xs.timeout(.seconds(30), other: other, scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .next(230, 2), .error(250, TestError(id: 4))])
      #expect(other.subscriptions.isEmpty)
    }
  }

  @Test func disposalCancelsTheTimer() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let other = scheduler.createColdObservable([.next(0, 100)])
      let res = scheduler.start(disposed: 235) {
        xs.timeout(.seconds(30), other: other, scheduler: scheduler)
      }
      #expect(res.events == [.next(210, 1)])
      #expect(other.subscriptions.isEmpty)
    }
  }

  @Test func marbles() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-b-----c|")
      let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
      #expect(res.events == (try Marbles.events("^-a-b--#", error: RxError.timeout)))
    }
  }

  @Test func stateMachine() {
    var machine = TimeoutStateMachine()
    let results = [
      machine.sourceEvent(), machine.timerFired(), machine.timerFired(), machine.sourceEvent(),
    ]
    #expect(results == [true, true, false, false])
  }

  @Test func contracts() {
    checkOperatorContract { $0.timeout(.seconds(1), scheduler: TestScheduler(initialClock: 0)) }
    checkVirtualTimeContract { $0.timeout(.seconds(15), scheduler: $1) }
    checkVirtualTimeContract { source, scheduler in
      source.timeout(.seconds(15), other: Observable.just(-1), scheduler: scheduler)
    }
  }
}
