import ReactiveCore
import Testing

@Suite struct RetryWhenTests {
  struct OtherError: Error {}

  /// Counts subscriptions; emits the attempt number, then fails with `TestError(id: attempt)`
  /// until `succeedAt`, where it completes instead.
  func flaky(_ attempts: Shared<Int>, succeedAt: Int = .max) -> Observable<Int> {
    Observable.create { observer in
      attempts.mutate { $0 += 1 }
      let attempt = attempts.value
      observer.onNext(attempt)
      if attempt >= succeedAt {
        observer.onCompleted()
      } else {
        observer.onError(TestError(id: attempt))
      }
      return Disposables.create()
    }
  }

  @Test func retriesWhileTriggerEmitsAndFailsWithTriggerError() {
    expectNoLeaks {
      let attempts = Shared(0)
      let seen = Shared<[Int]>([])
      let recorder = Recorder<Int>()
      _ = flaky(attempts).retry(when: { (errors: Observable<TestError>) in
        errors.scan(0) { failures, error in
          seen.mutate { $0.append(error.id) }
          if failures == 2 { throw error }
          return failures + 1
        }
      }).subscribe(recorder)
      #expect(attempts.value == 3)
      #expect(seen.value == [1, 2, 3])
      #expect(recorder.events == [.next(1), .next(2), .next(3), .error(TestError(id: 3))])
    }
  }

  @Test func sourceCompletionEndsRetrying() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts, succeedAt: 3).retry(when: { (errors: Observable<any Error>) in errors })
        .subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
  }

  @Test func triggerCompletionCompletes() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts).retry(when: { (errors: Observable<TestError>) in errors.take(2) })
        .subscribe(recorder)
      // The trigger's second element and its completion arrive together: as in RxSwift, the
      // completion ends the result before the third attempt is subscribed.
      #expect(recorder.events == [.next(1), .next(2), .completed])
      #expect(attempts.value == 2)
    }
  }

  @Test func errorsOfAnotherTypeEndAtOnce() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      let calls = Shared(0)
      _ = Observable<Int>.error(OtherError()).retry(when: { (errors: Observable<TestError>) in
        errors.do(onNext: { _ in calls.mutate { $0 += 1 } })
      }).subscribe(recorder)
      #expect(recorder.events.count == 1)
      #expect(recorder.events.first?.error is OtherError)
      #expect(calls.value == 0)
    }
  }

  @Test func triggerIsSubscribedBeforeSource() {
    expectNoLeaks {
      let log = Shared<[String]>([])
      let source = Observable<Int>.never().do(onSubscribe: { log.mutate { $0.append("source") } })
      source.retry(when: { (errors: Observable<any Error>) in
        errors.do(onSubscribe: { log.mutate { $0.append("trigger") } })
      }).subscribe().dispose()
      #expect(log.value == ["trigger", "source"])
    }
  }

  @Test func disposeStopsEverything() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let trigger = PublishSubject<Void>()
      let recorder = Recorder<Int>()
      let subscription = source.retry(when: { (_: Observable<any Error>) in trigger.asObservable() }
      )
      .subscribe(recorder)
      source.onNext(1)
      #expect(source.hasObservers && trigger.hasObservers)
      subscription.dispose()
      #expect(!source.hasObservers && !trigger.hasObservers)
      source.onNext(2)
      #expect(recorder.events == [.next(1)])
    }
  }

  @Test func hundredThousandSynchronousRetriesDoNotOverflowTheStack() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts, succeedAt: 100_000)
        .retry(when: { (errors: Observable<TestError>) in errors.map { _ in () } })
        .subscribe(
          onNext: { value in if value == 100_000 { recorder.onNext(value) } },
          onCompleted: { recorder.onCompleted() })
      #expect(attempts.value == 100_000)
      #expect(recorder.events == [.next(100_000), .completed])
    }
  }

  @Test func endlessSynchronousRetriesStopWhenTaken() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts).retry(when: { (errors: Observable<any Error>) in errors })
        .take(3).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
      #expect(attempts.value == 3)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.retry(when: { (errors: Observable<any Error>) in errors.take(1) }) }
    checkOperatorContract {
      $0.retry(when: { (_: Observable<any Error>) in Observable<Int>.never() })
    }
  }
}
