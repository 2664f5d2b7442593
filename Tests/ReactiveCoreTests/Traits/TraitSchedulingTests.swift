import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TraitSchedulingTests {
  @Test func timeoutFailsOrSwitches() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let res = scheduler.start { xs.asSingle().timeout(.seconds(50), scheduler: scheduler) }
      #expect(res.events == [.error(250, RxError.timeout)])
      #expect(xs.subscriptions == [Subscription(200, 250)])

      let other = TestScheduler(initialClock: 0)
      let slow = other.createHotObservable([.completed(300, Never.self)])
      let fallback = other.start {
        slow.asCompletable().timeout(.seconds(50), other: .empty(), scheduler: other)
      }
      #expect(fallback.events == [.completed(250)])
      #expect(slow.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func retryResubscribesAfterFailure() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(10, TestError(id: 1), Int.self)])
      let res = scheduler.start { xs.asSingle().retry(3) }
      #expect(res.events == [.error(230, TestError(id: 1))])
      #expect(
        xs.subscriptions == [
          Subscription(200, 210), Subscription(210, 220), Subscription(220, 230),
        ])
    }
  }

  @Test func retryWhenUsesTheTrigger() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(10, TestError(id: 1), Int.self)])
      let res = scheduler.start {
        xs.asMaybe().retry(when: { (errors: Observable<TestError>) in
          errors.enumerated().map { attempt -> Void in
            if attempt.index >= 1 { throw attempt.element }
          }
        })
      }
      #expect(res.events == [.error(220, TestError(id: 1))])
      #expect(xs.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
    }
  }

  @Test func delayAndDelaySubscription() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
      let delayed = scheduler.start { xs.asSingle().delay(.seconds(30), scheduler: scheduler) }
      // As RxSwift: the completion, queued behind the element, gets a step of its own.
      #expect(delayed.events == [.next(240, 1), .completed(241)])

      let later = TestScheduler(initialClock: 0)
      let ys = later.createColdObservable([.next(10, 1), .completed(10)])
      let res = later.start { ys.asSingle().delaySubscription(.seconds(30), scheduler: later) }
      #expect(res.events == [.next(240, 1), .completed(240)])
      #expect(ys.subscriptions == [Subscription(230, 240)])
    }
  }

  @Test func observeOnAndSubscribeOnUseTheScheduler() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Single.just(1).subscribe(on: scheduler).observe(on: scheduler)
      }
      #expect(res.events.map(\.value) == [.next(1), .completed])
      #expect(res.events.allSatisfy { $0.time > 200 })
    }
  }

  @Test func timerJustAndCompactMap() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let timer = scheduler.start { Single<Int>.timer(.seconds(40), scheduler: scheduler) }
      #expect(timer.events == [.next(240, 0), .completed(240)])
      let maybeTimer = TestScheduler(initialClock: 0)
      let res = maybeTimer.start { Maybe<Int>.timer(.seconds(10), scheduler: maybeTimer) }
      #expect(res.events == [.next(210, 0), .completed(210)])

      let justScheduler = TestScheduler(initialClock: 0)
      let just = justScheduler.start { Single.just(5, scheduler: justScheduler) }
      #expect(just.events.map(\.value) == [.next(5), .completed])

      var values: [Int] = []
      var completions = 0
      _ = Single.just("7").compactMap { Int($0) }.subscribe(onSuccess: { values.append($0) })
      _ = Single.just("x").compactMap { Int($0) }.subscribe(onCompleted: { completions += 1 })
      _ = Maybe.just("8").compactMap { Int($0) }.subscribe(onSuccess: { values.append($0) })
      #expect(values == [7, 8])
      #expect(completions == 1)
    }
  }

  @Test func completableConcatRunsInOrder() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.completed(10, Never.self)])
      let b = scheduler.createColdObservable([.completed(20, Never.self)])
      let res = scheduler.start { Completable.concat(a.asCompletable(), b.asCompletable()) }
      #expect(res.events == [.completed(230)])
      #expect(b.subscriptions == [Subscription(210, 230)])
      let failing = TestScheduler(initialClock: 0)
      let c = failing.createColdObservable([.error(10, TestError(id: 1), Never.self)])
      let d = failing.createColdObservable([.completed(20, Never.self)])
      let failed = failing.start { Completable.concat([c.asCompletable(), d.asCompletable()]) }
      #expect(failed.events == [.error(210, TestError(id: 1))])
      #expect(d.subscriptions.isEmpty)
    }
  }
}
