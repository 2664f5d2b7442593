import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CatchSequenceTests {
  @Test func movesToTheNextSourceOnEveryError() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
      let b = scheduler.createColdObservable([.next(10, 2), .error(20, TestError(id: 2))])
      let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
      let res = scheduler.start {
        Observable.catch(sequence: [a.asObservable(), b.asObservable(), c.asObservable()])
      }
      #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
      #expect(a.subscriptions == [Subscription(200, 220)])
      #expect(b.subscriptions == [Subscription(220, 240)])
      #expect(c.subscriptions == [Subscription(240, 260)])
    }
  }

  @Test func forwardsTheLastErrorAndStopsAtCompletion() {
    expectNoLeaks {
      let failing = Recorder<Int>()
      _ = Observable.catch(sequence: [
        Observable<Int>.error(TestError(id: 1)), .error(TestError(id: 2)),
      ]).subscribe(failing)
      #expect(failing.events == [.error(TestError(id: 2))])
      let empty = Recorder<Int>()
      _ = Observable<Int>.catch(sequence: [Observable<Int>]()).subscribe(empty)
      #expect(empty.events == [.completed])
      let tried = Shared(0)
      let lazy = (0..<1_000_000).lazy.map { index -> Observable<Int> in
        tried.mutate { $0 += 1 }
        return index == 0 ? .error(TestError(id: 1)) : .just(index)
      }
      let first = Recorder<Int>()
      _ = Observable.catch(sequence: lazy).subscribe(first)
      #expect(first.events == [.next(1), .completed])
      #expect(tried.value == 2)
    }
  }
}
