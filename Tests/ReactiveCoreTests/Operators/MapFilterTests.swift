import ReactiveCore
import Testing

@Suite struct MapFilterTests {
  @Test func mapTransformsElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3).map { $0 * 10 }.subscribe(recorder)
      #expect(recorder.events == [.next(10), .next(20), .next(30), .completed])
    }
  }

  @Test func mapThrowingBecomesErrorAndDisposesUpstream() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.map { value -> Int in
        if value == 2 { throw TestError(id: 2) }
        return value
      }.subscribe(recorder)
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      #expect(recorder.events == [.next(1), .error(TestError(id: 2))])
      #expect(!subject.hasObservers)
    }
  }

  @Test func filterKeepsMatching() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3, 4).filter { $0.isMultiple(of: 2) }.subscribe(recorder)
      #expect(recorder.events == [.next(2), .next(4), .completed])
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.map { $0 + 1 } }
    checkOperatorContract { $0.filter { $0 > 2 } }
  }
}

@Suite struct FromTests {
  @Test func fromAnInfiniteSequenceStopsWhenTakeEnds() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.from(1...).map { $0 * 2 }.take(3).subscribe(recorder)
      #expect(recorder.events == [.next(2), .next(4), .next(6), .completed])
    }
  }

  @Test func fromEmitsEverythingAndCompletes() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Observable.from(["a", "b"]).subscribe(recorder)
      #expect(recorder.events == [.next("a"), .next("b"), .completed])
    }
  }

}
