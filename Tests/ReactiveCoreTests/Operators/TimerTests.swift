import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TimerTests {
  @Test func intervalEmitsEveryPeriodUntilDisposed() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
      #expect(
        res.events == [
          .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4),
          .next(800, 5), .next(900, 6),
        ])
    }
  }

  @Test func intervalWithOtherIntegerTypes() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 240) {
        Observable<UInt8>.interval(.seconds(10), scheduler: scheduler)
      }
      #expect(res.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
    }
  }

  @Test func oneShotTimerEmitsZeroAndCompletes() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
      #expect(res.events == [.next(250, 0), .completed(250)])
    }
  }

  @Test func zeroDueTimeRunsAfterProcessingDelay() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.timer(.seconds(0), scheduler: scheduler) }
      #expect(res.events == [.next(201, 0), .completed(201)])
    }
  }

  @Test func periodicTimerStartsAtDueTime() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 500) {
        Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
      }
      #expect(res.events == [.next(250, 0), .next(350, 1), .next(450, 2)])
    }
  }

  @Test func disposedBeforeDueTimeEmitsNothing() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 240) {
        Observable<Int>.timer(.seconds(50), scheduler: scheduler)
      }
      #expect(res.events.isEmpty)
    }
  }

  @Test func disposingFromOnNextStopsTheInterval() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      var received: [Int] = []
      var subscription: Disposable?
      subscription = Observable<Int>.interval(.seconds(10), scheduler: scheduler)
        .subscribe(onNext: { value in
          received.append(value)
          if value == 2 { subscription?.dispose() }
        })
      scheduler.advanceTo(100)
      #expect(received == [0, 1, 2])
      subscription = nil
    }
  }

  @Test func intervalOnARealScheduler() async {
    // Real time, kept short and tolerant: proves behaviour, not timing.
    let scheduler = DispatchTestScheduler()
    let values = await firstElement(
      of: Observable<Int>.interval(.milliseconds(5), scheduler: scheduler)
        .buffer(timeSpan: .seconds(60), count: 3, scheduler: scheduler))
    #expect(values == [0, 1, 2])
  }
}
