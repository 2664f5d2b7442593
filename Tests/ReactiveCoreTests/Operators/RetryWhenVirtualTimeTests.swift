import ReactiveTesting
import Testing

@testable import ReactiveCore

/// `retry(when:)` on virtual time, against RxSwift 6's behaviour: the trigger is listened to only
/// after an attempt failed.
@Suite struct RetryWhenVirtualTimeTests {
  let failure = TestError(id: 1)

  @Test func triggerCompletingBeforeAnyFailureLetsTheSourceRunUntilItFails() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .error(20, failure)])
      let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(205)])
      let res = scheduler.start { xs.retry(when: { (_: Observable<TestError>) in trigger }) }
      #expect(res.events == [.next(210, 1), .next(215, 2), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
      #expect(trigger.subscriptions == [Subscription(200, 205)])
    }
  }

  @Test func triggerFailingBeforeAnyFailureFailsAtTheNextFailure() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, failure)])
      let trigger = scheduler.createHotObservable([
        Recorded<Event<Int>>.error(205, TestError(id: 5))
      ])
      let res = scheduler.start { xs.retry(when: { (_: Observable<TestError>) in trigger }) }
      #expect(res.events == [.next(210, 1), .error(220, TestError(id: 5))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func sourceCompletingAfterTheTriggerCompletedCompletes() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
      let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(205)])
      let res = scheduler.start { xs.retry(when: { (_: Observable<TestError>) in trigger }) }
      #expect(res.events == [.next(210, 1), .completed(230)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test func triggerElementsWhileAnAttemptRunsAreIgnored() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, failure)])
      let trigger = scheduler.createHotObservable([
        Recorded<Event<Int>>.next(205, 0), .next(250, 0), .next(260, 0), .next(300, 0),
      ])
      let res = scheduler.start(disposed: 400) {
        xs.retry(when: { (_: Observable<TestError>) in trigger })
      }
      // 205 and 260 arrive while an attempt runs: no resubscription for them.
      #expect(res.events == [.next(210, 1), .next(260, 1), .next(310, 1)])
      #expect(
        xs.subscriptions == [
          Subscription(200, 220), Subscription(250, 270), Subscription(300, 320),
        ])
      #expect(trigger.subscriptions == [Subscription(200, 400)])
    }
  }

  @Test func triggerTerminalAfterAFailureEndsTheResult() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, failure)])
      let trigger = scheduler.createHotObservable([
        Recorded<Event<Int>>.error(230, TestError(id: 2))
      ])
      let res = scheduler.start { xs.retry(when: { (_: Observable<TestError>) in trigger }) }
      #expect(res.events == [.next(210, 1), .error(230, TestError(id: 2))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
      #expect(trigger.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test func errorsDelayedByTheHandlerRetryLater() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, failure)])
      let res = scheduler.start(disposed: 320) {
        xs.retry(when: { (errors: Observable<TestError>) in
          errors.delay(.seconds(30), scheduler: scheduler)
        })
      }
      #expect(res.events == [.next(210, 1), .next(260, 1), .next(310, 1)])
      #expect(
        xs.subscriptions == [
          Subscription(200, 220), Subscription(250, 270), Subscription(300, 320),
        ])
    }
  }

  @Test func virtualTimeContract() {
    checkVirtualTimeContract { source, scheduler in
      source.retry(when: { (errors: Observable<any Error>) in
        errors.take(1).delay(.seconds(5), scheduler: scheduler)
      })
    }
  }
}
