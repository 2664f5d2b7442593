import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TakeLastTests {
  @Test func emitsTheLastElementsAtCompletion() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
      ])
      let res = scheduler.start { xs.takeLast(2) }
      #expect(res.events == [.next(250, 3), .next(250, 4), .completed(250)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func fewerElementsThanCountAndZeroCount() {
    expectNoLeaks {
      let all = Recorder<Int>()
      _ = Observable.of(1, 2).takeLast(5).subscribe(all)
      #expect(all.events == [.next(1), .next(2), .completed])
      let none = Recorder<Int>()
      _ = Observable.of(1, 2).takeLast(0).subscribe(none)
      #expect(none.events == [.completed])
    }
  }

  @Test func errorDropsTheBuffer() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 1))])
      let res = scheduler.start { xs.takeLast(2) }
      #expect(res.events == [.error(220, TestError(id: 1))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func disposalDuringReplayStops() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3).takeLast(3).take(2).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.takeLast(2) }
    checkOperatorContract { $0.takeLast(0) }
  }
}
