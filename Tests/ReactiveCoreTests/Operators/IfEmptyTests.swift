import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct IfEmptyTests {
  @Test func emptySourceEmitsTheDefault() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
      let res = scheduler.start { xs.ifEmpty(default: 42) }
      #expect(res.events == [.next(250, 42), .completed(250)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func nonEmptySourcePassesThrough() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
      let res = scheduler.start { xs.ifEmpty(default: 42) }
      #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
    }
  }

  @Test func switchesToTheOtherSourceAndReleasesTheFirst() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(230, Int.self)])
      let ys = scheduler.createHotObservable([.next(220, 0), .next(240, 5), .completed(260)])
      let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
      #expect(res.events == [.next(240, 5), .completed(260)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
      #expect(ys.subscriptions == [Subscription(230, 260)])
    }
  }

  @Test func errorIsForwardedWithoutSwitching() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(230, TestError(id: 1), Int.self)])
      let ys = scheduler.createHotObservable([.next(240, 5), .completed(260)])
      let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
      #expect(res.events == [.error(230, TestError(id: 1))])
      #expect(ys.subscriptions.isEmpty)
    }
  }

  @Test func maybeForms() {
    expectNoLeaks {
      var values: [Int] = []
      _ = Maybe<Int>.empty().ifEmpty(default: 1).subscribe(onSuccess: { values.append($0) })
      _ = Maybe<Int>.just(2).ifEmpty(default: 1).subscribe(onSuccess: { values.append($0) })
      _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(3)).subscribe(onSuccess: {
        values.append($0)
      })
      _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(4)).subscribe(onSuccess: {
        values.append($0)
      })
      #expect(values == [1, 2, 3, 4])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.ifEmpty(default: 0) }
    checkOperatorContract { $0.filter { _ in false }.ifEmpty(switchTo: .of(1, 2)) }
  }
}
