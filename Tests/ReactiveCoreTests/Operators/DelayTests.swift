import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct DelayTests {
  @Test func shiftsElementsAndCompletion() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(215, 2), .next(250, 3), .completed(260),
      ])
      let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.next(230, 1), .next(235, 2), .next(270, 3), .completed(280)])
      // The source is released when it completes (260), as in RxSwift, not when delivery ends.
      #expect(xs.subscriptions == [Subscription(200, 260)])
    }
  }

  @Test func errorIsForwardedAtOnceDroppingQueuedElements() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(215, 2), .error(220, TestError(id: 3)),
      ])
      let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.error(220, TestError(id: 3))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func errorAfterSomeDeliveries() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(225, 2), .error(235, TestError(id: 3)),
      ])
      let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.next(230, 1), .error(235, TestError(id: 3))])
    }
  }

  @Test func disposalDropsWhatIsQueued() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(216)])
      let res = scheduler.start(disposed: 232) { xs.delay(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.next(230, 1)])
    }
  }

  @Test func marbles() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-b-|")
      let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
      #expect(res.events == (try Marbles.events("^---a-b-|")))
    }
  }

  @Test func realSchedulerKeepsOrder() async {
    let scheduler = DispatchTestScheduler()
    let values = await firstElement(
      of: Observable.from(0..<50).delay(.milliseconds(2), scheduler: scheduler)
        .buffer(timeSpan: .seconds(60), count: 50, scheduler: scheduler))
    #expect(values == Array(0..<50))
  }

  @Test func contracts() {
    checkOperatorContract { $0.delay(.seconds(1), scheduler: TestScheduler(initialClock: 0)) }
    checkVirtualTimeContract { $0.delay(.seconds(15), scheduler: $1) }
  }
}
