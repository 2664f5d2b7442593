import Dispatch
import ReactiveCore
import Testing

@Suite(.onOwnThread) struct RetryTests {
  /// A source that counts subscriptions, emits the attempt number and fails until `succeedAt`.
  func flaky(_ attempts: Shared<Int>, succeedAt: Int = .max) -> Observable<Int> {
    Observable.deferred {
      attempts.mutate { $0 += 1 }
      let attempt = attempts.value
      if attempt >= succeedAt { return Observable.just(attempt) }
      return Observable.just(attempt).concatError(TestError(id: attempt))
    }
  }

  @Test func retryCountIsTotalAttempts() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts).retry(3).subscribe(recorder)
      #expect(attempts.value == 3)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .error(TestError(id: 3))])
    }
  }

  @Test func retryOneIsTheSourceAndZeroCompletes() {
    expectNoLeaks {
      let attempts = Shared(0)
      let one = Recorder<Int>()
      _ = flaky(attempts).retry(1).subscribe(one)
      #expect(one.events == [.next(1), .error(TestError(id: 1))])
      let zero = Recorder<Int>()
      _ = flaky(attempts).retry(0).subscribe(zero)
      #expect(zero.events == [.completed])
      #expect(attempts.value == 1)
    }
  }

  @Test func retryForeverUntilSuccess() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts, succeedAt: 5).retry().subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
    }
  }

  @Test func hundredThousandSynchronousRetriesDoNotOverflowTheStack() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      let source = Observable<Int>.deferred {
        attempts.mutate { $0 += 1 }
        return Observable<Int>.error(TestError(id: 1))
      }
      _ = source.retry(100_000).subscribe(recorder)
      #expect(attempts.value == 100_000)
      #expect(recorder.events == [.error(TestError(id: 1))])

      let forever = Recorder<Int>()
      let count = Shared(0)
      _ = Observable<Int>.deferred {
        count.mutate { $0 += 1 }
        return count.value < 100_000 ? Observable.error(TestError(id: 2)) : .just(count.value)
      }.retry().subscribe(forever)
      #expect(forever.events == [.next(100_000), .completed])
    }
  }

  @Test func endlessSynchronousRetriesStopWhenTaken() {
    expectNoLeaks {
      let attempts = Shared(0)
      let recorder = Recorder<Int>()
      _ = flaky(attempts).retry().take(3).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
      #expect(attempts.value == 3)
    }
  }

  @Test func asynchronousFailuresResubscribe() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let subscriptions = Shared(0)
      let source = Observable<Int>.deferred {
        subscriptions.mutate { $0 += 1 }
        return subject.asObservable()
      }
      let recorder = Recorder<Int>()
      let subscription = source.retry(2).subscribe(recorder)
      subject.onNext(1)
      #expect(subscriptions.value == 1)
      // A subject that failed stays failed: the second attempt gets the error at once.
      subject.onError(TestError(id: 1))
      #expect(subscriptions.value == 2)
      #expect(recorder.events == [.next(1), .error(TestError(id: 1))])
      #expect(!subject.hasObservers)
      subscription.dispose()
    }
  }

  @Test func disposeStopsRetrying() {
    expectNoLeaks {
      let subjects = Shared<[PublishSubject<Int>]>([])
      let source = Observable<Int>.deferred {
        let subject = PublishSubject<Int>()
        subjects.mutate { $0.append(subject) }
        return subject.asObservable()
      }
      let recorder = Recorder<Int>()
      let subscription = source.retry().subscribe(recorder)
      subjects.value[0].onError(TestError())
      #expect(subjects.read(\.count) == 2)
      subscription.dispose()
      #expect(!subjects.value[1].hasObservers)
      subjects.value[1].onNext(1)
      #expect(recorder.events == [])
    }
  }

  @Test func failuresFromAnotherThread() {
    expectNoLeaks {
      let attempts = Shared(0)
      let queue = DispatchQueue(label: "RetryTests.failuresFromAnotherThread")
      let source = Observable<Int>.create { observer in
        nonisolated(unsafe) let observer = observer  // used by one queue block at a time
        attempts.mutate { $0 += 1 }
        let attempt = attempts.value
        queue.async {
          observer.onNext(attempt)
          if attempt < 50 {
            observer.onError(TestError(id: attempt))
          } else {
            observer.onCompleted()
          }
        }
        return Disposables.create()
      }
      let done = DispatchSemaphore(value: 0)
      let recorder = Recorder<Int>()
      _ = source.retry().subscribe(
        onNext: { recorder.onNext($0) }, onCompleted: { done.signal() })
      #expect(wait(for: done))
      #expect(recorder.elements == Array(1...50))
      queue.sync {}  // the last block (and the observer it holds) is gone
    }
  }

  @Test func contract() {
    // `retry()` is not checked here: a failed subject fails every resubscription at once, so
    // retrying it forever never ends (as in RxSwift).
    checkOperatorContract { $0.retry(2) }
    checkOperatorContract { $0.retry(1) }
  }
}

extension ObservableType {
  /// This sequence followed by `error`.
  fileprivate func concatError(_ error: any Error) -> Observable<Element> {
    materialize().map { event -> Event<Element> in
      if case .completed = event { return .error(error) }
      return event
    }.dematerialize()
  }
}
