import Testing

@testable import ReactiveCore

@Suite struct ConversionTests {
  @Test func asSingleOneElement() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.just(1).asSingle().asObservable().subscribe(recorder)
      #expect(recorder.events == [.next(1), .completed])
    }
  }

  @Test func asSingleNoElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.empty().asSingle().asObservable().subscribe(recorder)
      #expect(recorder.events == [.error(RxError.noElements)])
    }
  }

  @Test func asSingleFailsAsSoonAsTheSecondElementArrives() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.asSingle().asObservable().subscribe(recorder)
      subject.onNext(1)
      #expect(recorder.events.isEmpty)
      subject.onNext(2)
      #expect(recorder.events == [.error(RxError.moreThanOneElement)])
      #expect(!subject.hasObservers)
    }
  }

  @Test func asSingleForwardsError() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).asSingle().asObservable().subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func asMaybe() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.empty().asMaybe().asObservable().subscribe(recorder)
      _ = Observable.just(3).asMaybe().asObservable().subscribe(recorder)
      _ = Observable.of(1, 2, 3).asMaybe().asObservable().subscribe(recorder)
      #expect(
        recorder.events == [.completed, .next(3), .completed, .error(RxError.moreThanOneElement)])
    }
  }

  @Test func firstReturnsOptionalAndDisposesSourceEarly() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int?>()
      _ = subject.first().asObservable().subscribe(recorder)
      subject.onNext(4)
      #expect(recorder.events == [.next(4), .completed])
      #expect(!subject.hasObservers)

      let empty = Recorder<Int?>()
      _ = Observable<Int>.empty().first().asObservable().subscribe(empty)
      #expect(empty.events == [.next(nil), .completed])

      let failing = Recorder<Int?>()
      _ = Observable<Int>.error(TestError()).first().asObservable().subscribe(failing)
      #expect(failing.events == [.error(TestError())])
    }
  }

  @Test func toArray() {
    expectNoLeaks {
      let recorder = Recorder<[Int]>()
      _ = Observable.of(1, 2, 3).toArray().asObservable().subscribe(recorder)
      _ = Observable<Int>.empty().toArray().asObservable().subscribe(recorder)
      #expect(recorder.events == [.next([1, 2, 3]), .completed, .next([]), .completed])

      let subject = PublishSubject<Int>()
      let failing = Recorder<[Int]>()
      _ = subject.toArray().asObservable().subscribe(failing)
      subject.onNext(1)
      subject.onError(TestError(id: 2))
      #expect(failing.events == [.error(TestError(id: 2))])
    }
  }

  @Test func ignoreElementsAndAsCompletable() {
    expectNoLeaks {
      let log = CallLog()
      _ = Observable.of(1, 2, 3).ignoreElements().subscribe(onCompleted: {
        log.append("ignore done")
      })
      _ = Observable<Never>.empty().asCompletable().subscribe(onCompleted: { log.append("as done") }
      )
      _ = Observable<Int>.error(TestError(id: 1)).ignoreElements()
        .subscribe(onError: { log.append("error \($0)") })
      _ = Observable.of(1).ignoreElements().asCompletable().asObservable()
        .subscribe(onCompleted: { log.append("observable done") })
      #expect(log.all == ["ignore done", "as done", "error TestError(1)", "observable done"])
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.asSingle().asObservable() }
    checkOperatorContract { $0.asMaybe().asObservable() }
    checkOperatorContract { $0.first().asObservable() }
    checkOperatorContract { $0.toArray().asObservable() }
    checkOperatorContract { $0.ignoreElements().asCompletable().asObservable() }
  }
}
