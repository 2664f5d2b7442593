import ReactiveCore
import Testing

@Suite struct MaterializeTests {
  @Test func completionBecomesElement() {
    expectNoLeaks {
      let recorder = Recorder<Event<Int>>()
      _ = Observable.of(1, 2).materialize().subscribe(recorder)
      #expect(recorder.events == [.next(.next(1)), .next(.next(2)), .next(.completed), .completed])
    }
  }

  @Test func errorBecomesElementAndNeverErrors() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Event<Int>>()
      _ = subject.materialize().subscribe(recorder)
      subject.onNext(1)
      subject.onError(TestError(id: 9))
      #expect(recorder.events == [.next(.next(1)), .next(.error(TestError(id: 9))), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.materialize() }
  }
}
