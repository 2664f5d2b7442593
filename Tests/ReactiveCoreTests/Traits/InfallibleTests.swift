import Testing

@testable import ReactiveCore

@Suite struct InfallibleTests {
  @Test func onErrorJustReturn() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.asInfallible(onErrorJustReturn: -1).subscribe(recorder)
      subject.onNext(1)
      subject.onError(TestError())
      #expect(recorder.events == [.next(1), .next(-1), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func onErrorFallbackToAndRecover() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError()).asInfallible(onErrorFallbackTo: .of(7, 8))
        .subscribe(recorder)
      var seenError: (any Error)?
      _ = Observable<Int>.error(TestError(id: 3))
        .asInfallible(onErrorRecover: { error in
          seenError = error
          return .just(9)
        })
        .subscribe(recorder)
      #expect(recorder.events == [.next(7), .next(8), .completed, .next(9), .completed])
      #expect((seenError as? TestError) == TestError(id: 3))
    }
  }

  @Test func createAndSubscribe() {
    expectNoLeaks {
      let log = CallLog()
      _ = Infallible<Int>.create { observer in
        observer(.next(1))
        observer(.completed)
        observer(.next(2))
        return Disposables.create()
      }.subscribe(
        onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
        onDisposed: { log.append("disposed") })
      #expect(log.all == ["next 1", "completed", "disposed"])
    }
  }

  @Test func operators() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Infallible.of(1, 2, 3, 4).map { $0 * 10 }.filter { $0 > 10 }
        .compactMap { $0 == 30 ? nil : $0 }.subscribe(recorder)
      #expect(recorder.events == [.next(20), .next(40), .completed])
      let empty = Recorder<Int>()
      _ = Infallible<Int>.empty().subscribe(empty)
      _ = Infallible.deferred { .just(5) }.subscribe(empty)
      _ = Infallible.from([6]).subscribe(empty)
      #expect(empty.events == [.completed, .next(5), .completed, .next(6), .completed])
    }
  }

  @Test func relaysAsInfallible() {
    expectNoLeaks {
      let publish = PublishRelay<Int>()
      let behavior = BehaviorRelay(value: 0)
      let replay = ReplayRelay<Int>.create(bufferSize: 1)
      replay.accept(5)
      let recorder = Recorder<Int>()
      let bag = [
        publish.asInfallible().subscribe(recorder),
        behavior.asInfallible().subscribe(recorder),
        replay.asInfallible().subscribe(recorder),
      ]
      publish.accept(1)
      behavior.accept(2)
      #expect(recorder.elements == [0, 5, 1, 2])
      for subscription in bag { subscription.dispose() }
      #expect(!publish.hasObservers && !behavior.hasObservers && !replay.hasObservers)
    }
  }

  @Test func subscribeWithObject() {
    final class Owner { var seen: [Int] = [] }
    expectNoLeaks {
      let owner = Owner()
      _ = Infallible.of(1, 2).subscribe(
        with: owner, onNext: { owner, value in owner.seen.append(value) })
      #expect(owner.seen == [1, 2])
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.asInfallible(onErrorJustReturn: 0).asObservable() }
    checkOperatorContract { $0.asInfallible(onErrorJustReturn: 0).map { $0 + 1 }.asObservable() }
    checkOperatorContract { $0.asInfallible(onErrorFallbackTo: .never()).asObservable() }
  }
}
