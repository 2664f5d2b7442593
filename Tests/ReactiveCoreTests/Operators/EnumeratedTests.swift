import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct EnumeratedTests {
  @Test func indexesEveryElementPerSubscription() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
      let enumerated = xs.enumerated().map { "\($0.index)\($0.element)" }
      let first = scheduler.start { enumerated }
      #expect(first.events == [.next(210, "0a"), .next(220, "1b"), .completed(230)])
      let again = Recorder<String>()
      _ = Observable.of("x", "y").enumerated().map { "\($0.index)\($0.element)" }.subscribe(again)
      _ = Observable.of("z").enumerated().map { "\($0.index)\($0.element)" }.subscribe(again)
      #expect(again.events == [.next("0x"), .next("1y"), .completed, .next("0z"), .completed])
    }
  }

  @Test func forwardsErrors() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).enumerated().map(\.index).subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.enumerated().map { $0.index * 100 + $0.element } }
  }
}
