import Testing

@testable import ReactiveCore

@Suite struct CompletableTests {
  @Test func createAndSubscribe() {
    expectNoLeaks {
      let log = CallLog()
      _ = Completable.create { observer in
        observer(.completed)
        observer(.error(TestError()))
        return Disposables.create()
      }.subscribe(
        onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
        onDisposed: { log.append("disposed") })
      _ = Completable.create { observer in
        observer(.error(TestError(id: 5)))
        return Disposables.create()
      }.subscribe(onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") })
      var events: [String] = []
      _ = Completable.empty().subscribe { events.append("\($0)") }
      _ = Completable.error(TestError(id: 1)).subscribe { events.append("\($0)") }
      #expect(log.all == ["completed", "disposed", "error TestError(5)"])
      #expect(events == ["completed", "error(TestError(1))"])
    }
  }

  @Test func andThenSubscribesSecondOnlyAfterCompletion() {
    expectNoLeaks {
      let first = PublishSubject<Never>()
      let second = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = first.asCompletable().andThen(second.asObservable()).subscribe(recorder)
      #expect(!second.hasObservers)
      first.onCompleted()
      #expect(second.hasObservers)
      second.onNext(1)
      second.onNext(2)
      second.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .completed])
      subscription.dispose()
    }
  }

  @Test func andThenErrorSkipsSecond() {
    expectNoLeaks {
      var subscribed = false
      let recorder = Recorder<Int>()
      _ = Completable.error(TestError(id: 1))
        .andThen(
          Single<Int>.deferred {
            subscribed = true
            return .just(1)
          }
        )
        .asObservable().subscribe(recorder)
      #expect(!subscribed)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func andThenToEveryTrait() {
    expectNoLeaks {
      let log = CallLog()
      _ = Completable.empty().andThen(Single.just(1)).subscribe(onSuccess: {
        log.append("single \($0)")
      })
      _ = Completable.empty().andThen(Maybe<Int>.empty()).subscribe(onCompleted: {
        log.append("maybe empty")
      })
      _ = Completable.empty().andThen(Completable.empty()).andThen(Completable.empty())
        .subscribe(onCompleted: { log.append("completable") })
      #expect(log.all == ["single 1", "maybe empty", "completable"])
    }
  }

  @Test func disposingAndThenDisposesBoth() {
    expectNoLeaks {
      let first = PublishSubject<Never>()
      let second = PublishSubject<Int>()
      let a = first.asCompletable().andThen(second.asObservable()).subscribe(Recorder<Int>())
      a.dispose()
      #expect(!first.hasObservers)
      let b = first.asCompletable().andThen(second.asObservable()).subscribe(Recorder<Int>())
      first.onCompleted()
      b.dispose()
      #expect(!second.hasObservers)
    }
  }

  @Test func doCallbacks() {
    expectNoLeaks {
      let log = CallLog()
      _ = Completable.empty()
        .do(onCompleted: { log.append("onCompleted") }, afterCompleted: { log.append("after") })
        .subscribe(onCompleted: { log.append("completed") })
      #expect(log.all == ["onCompleted", "completed", "after"])
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.ignoreElements().asObservable() }
    checkOperatorContract { $0.ignoreElements().asCompletable().andThen(Observable.just(1)) }
    checkOperatorContract { $0.ignoreElements().andThen(Single.just(1)).asObservable() }
  }
}
