import ReactiveCore
import ReactiveTesting
import Testing

/// `take(for:)`, `skip(for:)` and `delaySubscription`.
@Suite struct TimeWindowTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(150, 0), .next(210, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(300),
  ]

  @Test func takeForCompletesAfterTheDuration() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let res = scheduler.start { xs.take(for: .seconds(35), scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .next(230, 2), .completed(235)])
      #expect(xs.subscriptions == [Subscription(200, 235)])
    }
  }

  @Test func takeForForwardsEarlyTerminalEvents() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 5))])
      let res = scheduler.start { xs.take(for: .seconds(35), scheduler: scheduler) }
      #expect(res.events == [.next(210, 1), .error(220, TestError(id: 5))])
    }
  }

  @Test func skipForDropsElementsDuringTheDuration() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let res = scheduler.start { xs.skip(for: .seconds(35), scheduler: scheduler) }
      #expect(res.events == [.next(240, 3), .next(250, 4), .completed(300)])
      #expect(xs.subscriptions == [Subscription(200, 300)])
    }
  }

  @Test func skipForForwardsTerminalEventsDuringTheDuration() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 5))])
      let res = scheduler.start { xs.skip(for: .seconds(35), scheduler: scheduler) }
      #expect(res.events == [.error(220, TestError(id: 5))])
    }
  }

  @Test func takeAndSkipForWithMarbles() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-b-c-d|")
      let taken = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
      #expect(taken.events == (try Marbles.events("^-a-b|")))
      let scheduler2 = TestScheduler(initialClock: 0)
      let ys = try scheduler2.createHotObservable("^-a-b-c-d|")
      let skipped = scheduler2.start { ys.skip(for: .seconds(45), scheduler: scheduler2) }
      #expect(skipped.events == (try Marbles.events("^-----c-d|")))
    }
  }

  @Test func delaySubscriptionShiftsTheSubscription() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
      #expect(res.events == [.next(240, 1), .completed(250)])
      #expect(xs.subscriptions == [Subscription(230, 250)])
    }
  }

  @Test func delaySubscriptionDisposedEarlyNeverSubscribes() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let res = scheduler.start(disposed: 220) {
        xs.delaySubscription(.seconds(30), scheduler: scheduler)
      }
      #expect(res.events.isEmpty)
      #expect(xs.subscriptions.isEmpty)
    }
  }

  @Test func delaySubscriptionDisposalReachesTheSource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let res = scheduler.start(disposed: 260) {
        xs.delaySubscription(.seconds(30), scheduler: scheduler)
      }
      #expect(res.events == [.next(240, 1)])
      #expect(xs.subscriptions == [Subscription(230, 260)])
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.take(for: .seconds(1), scheduler: TestScheduler(initialClock: 0)) }
    checkOperatorContract { $0.skip(for: .seconds(1), scheduler: TestScheduler(initialClock: 0)) }
    checkVirtualTimeContract { $0.take(for: .seconds(35), scheduler: $1) }
    checkVirtualTimeContract { $0.skip(for: .seconds(15), scheduler: $1) }
    checkVirtualTimeContract { $0.delaySubscription(.seconds(15), scheduler: $1) }
  }
}
