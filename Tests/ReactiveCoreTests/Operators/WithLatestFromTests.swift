import Testing

@testable import ReactiveCore

@Suite struct WithLatestFromTests {
  @Test func dropsUntilSecondHasAValueThenCombines() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<String>()
      let recorder = Recorder<String>()
      _ = first.withLatestFrom(second) { "\($0)\($1)" }.subscribe(recorder)
      first.onNext(1)
      second.onNext("a")
      second.onNext("b")
      first.onNext(2)
      first.onNext(3)
      second.onNext("c")
      first.onCompleted()
      #expect(recorder.events == [.next("2b"), .next("3b"), .completed])
      #expect(!first.hasObservers && !second.hasObservers)
    }
  }

  @Test func subscribesToTheSecondSourceFirst() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let recorder = Recorder<String>()
      _ = log.track("first", Observable.of(1, 2))
        .withLatestFrom(log.track("second", Observable.just("x")))
        .subscribe(recorder)
      #expect(log.log.first == "subscribe second")
      #expect(
        log.log.filter { $0.hasPrefix("subscribe") } == ["subscribe second", "subscribe first"])
      #expect(recorder.events == [.next("x"), .next("x"), .completed])
    }
  }

  @Test func secondCompletionIsIgnoredAndItsErrorPropagates() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = first.withLatestFrom(second).subscribe(recorder)
      second.onNext(5)
      second.onCompleted()
      first.onNext(1)
      first.onNext(2)
      #expect(recorder.events == [.next(5), .next(5)])
      first.onError(TestError(id: 1))
      #expect(recorder.events == [.next(5), .next(5), .error(TestError(id: 1))])

      let third = PublishSubject<Int>()
      let fourth = PublishSubject<Int>()
      let failing = Recorder<Int>()
      _ = third.withLatestFrom(fourth).subscribe(failing)
      fourth.onError(TestError(id: 2))
      third.onNext(1)
      #expect(failing.events == [.error(TestError(id: 2))])
      #expect(!third.hasObservers)
    }
  }

  @Test func throwingSelectorFails() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = first.withLatestFrom(Observable.just(10)) { x, y -> Int in
        if x == 2 { throw TestError(id: 3) }
        return x + y
      }.subscribe(recorder)
      first.onNext(1)
      first.onNext(2)
      first.onNext(3)
      #expect(recorder.events == [.next(11), .error(TestError(id: 3))])
      #expect(!first.hasObservers)
    }
  }

  @Test func concurrentSecondUpdatesNeverOverlapDelivery() {
    expectNoLeaks {
      let count = 20_000
      let first = PublishRelay<Int>()
      let second = PublishRelay<Int>()
      let observer = OverlapCheckingObserver<Int>()
      let subscription = first.withLatestFrom(second) { value, _ in value }.subscribe(observer)
      second.accept(0)
      runConcurrently(2) { index in
        for value in 0..<count {
          if index == 0 { first.accept(value) } else { second.accept(value) }
        }
      }
      #expect(observer.nextCount.load(ordering: .relaxed) == count)
      #expect(observer.elements == Array(0..<count))
      #expect(observer.overlaps.load(ordering: .relaxed) == 0)
      subscription.dispose()
    }
  }

  @Test func contracts() {
    checkOperatorContract { source in source.withLatestFrom(Observable.just(1)) }
    checkOperatorContract { source in source.withLatestFrom(Observable.just(1), resultSelector: +) }
  }
}
