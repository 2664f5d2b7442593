import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SingleElementTests {
  @Test func forwardsTheOnlyElement() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
      let res = scheduler.start { xs.single() }
      #expect(res.events == [.next(210, 1), .completed(250)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func secondElementFailsAtOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
      let res = scheduler.start { xs.single() }
      #expect(res.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func emptyFailsWithNoElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.empty().single().subscribe(recorder)
      #expect(recorder.events == [.error(RxError.noElements)])
    }
  }

  @Test func predicateSelectsTheElement() {
    expectNoLeaks {
      let one = Recorder<Int>()
      _ = Observable.of(1, 2, 3).single { $0 == 2 }.subscribe(one)
      #expect(one.events == [.next(2), .completed])
      let two = Recorder<Int>()
      _ = Observable.of(1, 2, 3).single { $0 > 1 }.subscribe(two)
      #expect(two.events == [.next(2), .error(RxError.moreThanOneElement)])
      let none = Recorder<Int>()
      _ = Observable.of(1, 2, 3).single { $0 > 5 }.subscribe(none)
      #expect(none.events == [.error(RxError.noElements)])
      let throwing = Recorder<Int>()
      _ = Observable.of(1, 2).single { _ in throw TestError(id: 1) }.subscribe(throwing)
      #expect(throwing.events == [.error(TestError(id: 1))])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.single() }
    checkOperatorContract { $0.single { $0 == 3 } }
  }
}
