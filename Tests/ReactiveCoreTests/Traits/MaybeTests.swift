import Testing

@testable import ReactiveCore

@Suite struct MaybeTests {
  @Test func createReportsExactlyOneOutcome() {
    expectNoLeaks {
      let log = CallLog()
      func run(_ events: [MaybeEvent<Int>]) {
        _ = Maybe<Int>.create { observer in
          for event in events { observer(event) }
          return Disposables.create()
        }.subscribe(
          onSuccess: { log.append("success \($0)") }, onError: { log.append("error \($0)") },
          onCompleted: { log.append("completed") })
      }
      run([.success(1), .completed, .success(2)])
      run([.completed, .success(1)])
      run([.error(TestError(id: 1)), .completed])
      #expect(log.all == ["success 1", "completed", "error TestError(1)"])
    }
  }

  @Test func everyCallbackFormReportsOneOutcome() {
    final class Owner {}
    expectNoLeaks {
      let log = CallLog()
      let owner = Owner()
      let maybe = Maybe.just(1).do(afterNext: { _ in throw TestError() })
      _ = maybe.subscribe(
        with: owner, onSuccess: { _, value in log.append("with success \(value)") },
        onError: { _, error in log.append("with \(error)") },
        onCompleted: { _ in log.append("with completed") })
      _ = maybe.subscribe { log.append("event \($0)") }
      _ = Maybe<Int>.empty().subscribe(
        with: owner, onSuccess: { _, value in log.append("with success \(value)") },
        onCompleted: { _ in log.append("with completed") })
      #expect(log.all == ["with success 1", "event success(1)", "with completed"])
    }
  }

  @Test func eventObserver() {
    expectNoLeaks {
      var seen: [String] = []
      _ = Maybe.just(1).subscribe { seen.append("\($0)") }
      _ = Maybe<Int>.empty().subscribe { seen.append("\($0)") }
      _ = Maybe<Int>.error(TestError(id: 2)).subscribe { seen.append("\($0)") }
      #expect(seen == ["success(1)", "completed", "error(TestError(2))"])
    }
  }

  @Test func operators() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Maybe.just(2).map { $0 * 5 }.asObservable().subscribe(recorder)
      _ = Maybe.just(2).filter { $0 > 5 }.asObservable().subscribe(recorder)
      _ = Maybe.just(3).flatMap { .just($0 + 1) }.asObservable().subscribe(recorder)
      _ = Maybe<Int>.empty().flatMap { .just($0 + 1) }.asObservable().subscribe(recorder)
      _ = Maybe<Int>.error(TestError()).catchAndReturn(9).asObservable().subscribe(recorder)
      #expect(
        recorder.events == [
          .next(10), .completed, .completed, .next(4), .completed, .completed, .next(9), .completed,
        ])
    }
  }

  @Test func asSingleFailsWhenEmpty() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Maybe<Int>.empty().asSingle().asObservable().subscribe(recorder)
      _ = Maybe.just(1).asSingle().asObservable().subscribe(recorder)
      #expect(recorder.events == [.error(RxError.noElements), .next(1), .completed])
      let completions = Recorder<Never>()
      _ = Maybe.just(1).asCompletable().asObservable().subscribe(completions)
      #expect(completions.events.count == 1 && completions.events[0].isCompleted)
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.asMaybe().map { $0 + 1 }.asObservable() }
    checkOperatorContract { $0.asMaybe().flatMap { .just($0) }.asObservable() }
    checkOperatorContract { $0.asMaybe().filter { $0 > 0 }.asObservable() }
  }
}
