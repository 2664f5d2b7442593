import ReactiveEngine
import Testing

@testable import ReactiveCore

/// Collects the callbacks of a trait subscription as strings, in order.
final class CallLog: @unchecked Sendable {  // guarded by its lock
  private let lines = Locked<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

@Suite struct SingleTests {
  @Test func createSuccessThenDisposed() {
    expectNoLeaks {
      let log = CallLog()
      let single = Single<Int>.create { observer in
        observer(.success(1))
        observer(.success(2))
        observer(.failure(TestError()))
        return Disposables.create { log.append("work disposed") }
      }
      _ = single.subscribe(
        onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
        onDisposed: { log.append("disposed") })
      // A synchronous `create` finishes before its disposable exists: the work is disposed
      // right after `subscribe` returns it, so the two disposal lines may come in either order.
      #expect(log.all.first == "success 1")
      #expect(Set(log.all) == ["success 1", "work disposed", "disposed"] && log.all.count == 3)
    }
  }

  @Test func createFailure() {
    expectNoLeaks {
      let log = CallLog()
      _ = Single<Int>.create { observer in
        observer(.failure(TestError(id: 3)))
        return Disposables.create()
      }.subscribe(onSuccess: { log.append("success \($0)") }, onFailure: { log.append("\($0)") })
      #expect(log.all == ["TestError(3)"])
    }
  }

  @Test func asObservableEmitsNextThenCompleted() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Single.just(5).asObservable().subscribe(recorder)
      #expect(recorder.events == [.next(5), .completed])
    }
  }

  @Test func resultObserver() {
    expectNoLeaks {
      var results: [String] = []
      _ = Single.just(1).subscribe { result in results.append("\(result)") }
      _ = Single<Int>.error(TestError(id: 1)).subscribe { result in results.append("\(result)") }
      #expect(results == ["success(1)", "failure(TestError(1))"])
    }
  }

  @Test func disposeBeforeResultCancelsWork() {
    expectNoLeaks {
      let log = CallLog()
      var emit: ((SingleEvent<Int>) -> Void)?
      let subscription = Single<Int>.create { observer in
        emit = observer
        return Disposables.create { log.append("work disposed") }
      }.subscribe(
        onSuccess: { log.append("success \($0)") }, onDisposed: { log.append("disposed") })
      subscription.dispose()
      emit?(.success(1))
      emit = nil
      #expect(log.all == ["work disposed", "disposed"])
    }
  }

  @Test func neverDeferredAndError() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      let subscription = Single<Int>.never().asObservable().subscribe(recorder)
      subscription.dispose()
      #expect(recorder.events.isEmpty)

      var factoryCalls = 0
      let deferred = Single<Int>.deferred {
        factoryCalls += 1
        return .just(factoryCalls)
      }
      var values: [Int] = []
      _ = deferred.subscribe(onSuccess: { values.append($0) })
      _ = deferred.subscribe(onSuccess: { values.append($0) })
      #expect(values == [1, 2])

      let throwing = Single<Int>.deferred { throw TestError(id: 4) }
      let errors = Recorder<Int>()
      _ = throwing.asObservable().subscribe(errors)
      #expect(errors.events == [.error(TestError(id: 4))])
    }
  }

  @Test func mapAndThrowingMap() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Single.just(2).map { "v\($0 * 10)" }.asObservable().subscribe(recorder)
      #expect(recorder.events == [.next("v20"), .completed])

      let failing = Recorder<Int>()
      _ = Single.just(2).map { _ -> Int in throw TestError(id: 9) }.asObservable()
        .subscribe(failing)
      #expect(failing.events == [.error(TestError(id: 9))])
    }
  }

  @Test func flatMapChainsSingles() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Single.just(7).flatMap { id in Single.just("user \(id)") }.asObservable()
        .subscribe(recorder)
      #expect(recorder.events == [.next("user 7"), .completed])

      let outerError = Recorder<String>()
      _ = Single<Int>.error(TestError(id: 1)).flatMap { _ in Single.just("x") }.asObservable()
        .subscribe(outerError)
      #expect(outerError.events == [.error(TestError(id: 1))])

      let innerError = Recorder<String>()
      _ = Single.just(1).flatMap { _ in Single<String>.error(TestError(id: 2)) }.asObservable()
        .subscribe(innerError)
      #expect(innerError.events == [.error(TestError(id: 2))])

      let throwing = Recorder<String>()
      _ = Single.just(1).flatMap { _ -> Single<String> in throw TestError(id: 3) }
        .asObservable().subscribe(throwing)
      #expect(throwing.events == [.error(TestError(id: 3))])
    }
  }

  @Test func flatMapWaitsForAsyncInnerAndDisposesIt() {
    expectNoLeaks {
      let inner = PublishSubject<String>()
      let recorder = Recorder<String>()
      let subscription = Single.just(1).flatMap { _ in inner.asSingle() }.asObservable()
        .subscribe(recorder)
      #expect(recorder.events.isEmpty)
      #expect(inner.hasObservers)
      inner.onNext("a")
      inner.onCompleted()
      #expect(recorder.events == [.next("a"), .completed])

      let inner2 = PublishSubject<String>()
      let second = Single.just(1).flatMap { _ in inner2.asSingle() }.asObservable()
        .subscribe(recorder)
      second.dispose()
      #expect(!inner2.hasObservers)
      subscription.dispose()
    }
  }

  @Test func flatMapMaybeAndCompletable() {
    expectNoLeaks {
      let log = CallLog()
      _ = Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }
        .subscribe(onSuccess: { log.append("success \($0)") }, onCompleted: { log.append("empty") })
      _ = Single.just(1).flatMapCompletable { _ in Completable.empty() }
        .subscribe(onCompleted: { log.append("completed") })
      #expect(log.all == ["empty", "completed"])
    }
  }

  @Test func catchAndCatchAndReturn() {
    expectNoLeaks {
      var values: [Int] = []
      _ = Single<Int>.error(TestError()).catchAndReturn(0).subscribe(onSuccess: {
        values.append($0)
      })
      _ = Single<Int>.error(TestError()).catch { _ in .just(1) }.subscribe(onSuccess: {
        values.append($0)
      })
      _ = Single.just(2).catchAndReturn(0).subscribe(onSuccess: { values.append($0) })
      #expect(values == [0, 1, 2])

      let rethrown = Recorder<Int>()
      _ = Single<Int>.error(TestError(id: 1)).catch { _ in throw TestError(id: 2) }
        .asObservable().subscribe(rethrown)
      #expect(rethrown.events == [.error(TestError(id: 2))])
    }
  }

  @Test func doRunsCallbacksInOrder() {
    expectNoLeaks {
      let log = CallLog()
      _ = Single.just(1)
        .do(
          onSuccess: { log.append("onSuccess \($0)") }, afterSuccess: { log.append("after \($0)") },
          onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
          onDispose: { log.append("dispose") }
        )
        .subscribe(onSuccess: { log.append("success \($0)") })
      #expect(
        log.all == ["subscribe", "onSuccess 1", "success 1", "after 1", "dispose", "subscribed"]
          || log.all == [
            "subscribe", "onSuccess 1", "success 1", "after 1", "subscribed", "dispose",
          ])
    }
  }

  @Test func throwingAfterSuccessDoesNotReportFailure() {
    expectNoLeaks {
      let log = CallLog()
      _ = Single.just(1)
        .do(afterSuccess: { _ in throw TestError() })
        .subscribe(onSuccess: { log.append("success \($0)") }, onFailure: { log.append("\($0)") })
      #expect(log.all == ["success 1"])
    }
  }

  @Test func throwingAfterSuccessDoesNotReportFailureToAnyCallbackForm() {
    final class Owner {}
    expectNoLeaks {
      let log = CallLog()
      let owner = Owner()
      let single = Single.just(1).do(afterSuccess: { _ in throw TestError() })
      _ = single.subscribe(
        with: owner, onSuccess: { _, value in log.append("with success \(value)") },
        onFailure: { _, error in log.append("with \(error)") })
      _ = single.subscribe { log.append("event \($0)") }
      #expect(log.all == ["with success 1", "event success(1)"])
    }
  }

  @Test func flatMapEndsOnSourceErrorAfterElementButIgnoresItsCompletion() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let inner = PublishSubject<String>()
      let recorder = Recorder<String>()
      let subscription = Single(raw: source.asObservable()).flatMap { _ in inner.asSingle() }
        .asObservable().subscribe(recorder)
      source.onNext(1)
      source.onCompleted()  // the inner sequence decides once the element arrived
      #expect(recorder.events.isEmpty && inner.hasObservers)
      inner.onNext("a")
      inner.onCompleted()
      #expect(recorder.events == [.next("a"), .completed])
      subscription.dispose()

      let failing = Recorder<String>()
      let pending = PublishSubject<String>()
      _ = Single.just(1).do(afterSuccess: { _ in throw TestError(id: 4) })
        .flatMap { _ in pending.asSingle() }.asObservable().subscribe(failing)
      #expect(failing.events == [.error(TestError(id: 4))])
      #expect(!pending.hasObservers)
    }
  }

  @Test func conversionsToMaybeAndCompletable() {
    expectNoLeaks {
      let log = CallLog()
      _ = Single.just(1).asMaybe().subscribe(onSuccess: { log.append("maybe \($0)") })
      _ = Single.just(1).asCompletable().subscribe(onCompleted: { log.append("completable") })
      _ = Single.just(1).filter { $0 > 1 }.subscribe(
        onSuccess: { log.append("kept \($0)") }, onCompleted: { log.append("filtered out") })
      #expect(log.all == ["maybe 1", "completable", "filtered out"])
    }
  }

  @Test func subscribeWithObjectIsWeak() {
    final class Owner {}
    expectNoLeaks {
      var owner: Owner? = Owner()
      var calls = 0
      let subject = PublishSubject<Int>()
      _ = subject.asSingle().subscribe(with: owner!, onSuccess: { _, _ in calls += 1 })
      owner = nil
      subject.onNext(1)
      subject.onCompleted()
      #expect(calls == 0)
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.asSingle().map { $0 + 1 }.asObservable() }
    checkOperatorContract { $0.asSingle().flatMap { .just($0) }.asObservable() }
    checkOperatorContract { $0.asSingle().catchAndReturn(0).asObservable() }
    checkOperatorContract { $0.asSingle().do(onSuccess: { _ in }).asObservable() }
  }
}
