import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ReduceTests {
  @Test func emitsTheFoldAtCompletionAndReleasesTheSource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
      ])
      let res = scheduler.start { xs.reduce(10, accumulator: +) }
      #expect(res.events == [.next(250, 16), .completed(250)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func emptySourceEmitsTheMappedSeed() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(250, Int.self)])
      let res = scheduler.start { xs.reduce(3, accumulator: +, mapResult: { $0 * 2 }) }
      #expect(res.events == [.next(250, 6), .completed(250)])
    }
  }

  @Test func errorsFromSourceAccumulatorAndMapResult() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .completed(250),
      ])
      let throwing = scheduler.start {
        xs.reduce(
          0,
          accumulator: { acc, x in
            if x == 2 { throw TestError(id: 1) }
            return acc + x
          })
      }
      #expect(throwing.events == [.error(220, TestError(id: 1))])
      #expect(xs.subscriptions == [Subscription(200, 220)])

      let recorder = Recorder<Int>()
      _ = Observable.of(1).reduce(
        0, accumulator: +, mapResult: { _ -> Int in throw TestError(id: 2) }
      )
      .subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 2))])
      let failed = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 3)).reduce(0, accumulator: +).subscribe(failed)
      #expect(failed.events == [.error(TestError(id: 3))])
    }
  }

  @Test func disposalBeforeCompletionEmitsNothing() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start(disposed: 250) { xs.reduce(0, accumulator: +) }
      #expect(res.events.isEmpty)
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.reduce(0, accumulator: +) }
  }
}
