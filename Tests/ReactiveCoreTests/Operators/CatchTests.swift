import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CatchTests {
  @Test func switchesToHandlerSequence() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let fallback = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let seen = Shared<[TestError]>([])
      let subscription = source.catch { error in
        seen.mutate { $0.append(error as! TestError) }
        return fallback.asObservable()
      }.subscribe(recorder)
      source.onNext(1)
      source.onError(TestError(id: 4))
      #expect(!source.hasObservers)
      #expect(fallback.hasObservers)
      fallback.onNext(2)
      fallback.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .completed])
      #expect(seen.value == [TestError(id: 4)])
      subscription.dispose()
    }
  }

  @Test func disposingDisposesTheFallback() {
    expectNoLeaks {
      let fallback = PublishSubject<Int>()
      let subscription = Observable<Int>.error(TestError()).catch { _ in fallback.asObservable() }
        .subscribe()
      #expect(fallback.hasObservers)
      subscription.dispose()
      #expect(!fallback.hasObservers)
    }
  }

  @Test func completionDoesNotCallHandler() {
    expectNoLeaks {
      let calls = Shared(0)
      let recorder = Recorder<Int>()
      _ = Observable.of(1).catch { _ in
        calls.mutate { $0 += 1 }
        return .just(0)
      }.subscribe(recorder)
      #expect(recorder.events == [.next(1), .completed])
      #expect(calls.value == 0)
    }
  }

  @Test func throwingHandlerBecomesError() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).catch { _ in throw TestError(id: 2) }
        .subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 2))])
    }
  }

  @Test func fallbackErrorIsForwarded() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).catch { _ in .error(TestError(id: 2)) }
        .subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 2))])
    }
  }

  @Test func catchAndReturnEmitsValueAndCompletes() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = source.catchAndReturn(0).subscribe(recorder)
      source.onNext(1)
      source.onError(TestError())
      #expect(recorder.events == [.next(1), .next(0), .completed])
      #expect(!source.hasObservers)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.catch { _ in .just(-1) } }
    checkOperatorContract { $0.catchAndReturn(-1) }
    checkOperatorContract { $0.catch { _ in .never() } }
  }

  /// As in RxSwift: the fallback's subscription ends when it terminates, not at disposal (1000).
  @Test func releasesTheSourceWhenItFailsAndTheFallbackWhenItTerminates() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
      let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
      let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
      #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
      #expect(ys.subscriptions == [Subscription(220, 240)])
    }
  }
}
