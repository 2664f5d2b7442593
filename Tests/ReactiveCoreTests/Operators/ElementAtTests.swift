import ReactiveCore
import Testing

@Suite struct ElementAtTests {
  @Test func emitsElementAtIndexThenCompletes() {
    expectNoLeaks {
      let subject = PublishSubject<String>()
      let recorder = Recorder<String>()
      _ = subject.element(at: 1).subscribe(recorder)
      subject.onNext("a")
      subject.onNext("b")
      #expect(recorder.events == [.next("b"), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func indexZero() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(7, 8).element(at: 0).subscribe(recorder)
      #expect(recorder.events == [.next(7), .completed])
    }
  }

  @Test func sourceTooShortIsArgumentOutOfRange() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).element(at: 2).subscribe(recorder)
      #expect(recorder.events == [.error(RxError.argumentOutOfRange)])
    }
  }

  @Test func sourceErrorPassesThrough() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).element(at: 0).subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func stopsEndlessSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 })
        .element(at: 5).subscribe(recorder)
      #expect(recorder.events == [.next(5), .completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.element(at: 2) }
    checkOperatorContract { $0.element(at: 10) }
  }
}
