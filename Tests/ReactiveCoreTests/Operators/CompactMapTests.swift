import ReactiveCore
import Testing

@Suite struct CompactMapTests {
  @Test func dropsNilResults() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of("1", "x", "3").compactMap { Int($0) }.subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(3), .completed])
    }
  }

  @Test func throwingTransformBecomesErrorAndDisposesUpstream() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.compactMap { value -> Int? in
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

  @Test func forwardsErrors() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).compactMap { $0 }.subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.compactMap { $0.isMultiple(of: 2) ? $0 : nil } }
  }
}
