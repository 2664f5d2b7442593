import ReactiveCore
import Testing

@Suite struct SkipTests {
  @Test func skipsFirstElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3, 4).skip(2).subscribe(recorder)
      #expect(recorder.events == [.next(3), .next(4), .completed])
    }
  }

  @Test func skipZeroAndSkipAll() {
    expectNoLeaks {
      let all = Recorder<Int>()
      _ = Observable.of(1, 2).skip(0).subscribe(all)
      #expect(all.events == [.next(1), .next(2), .completed])
      let none = Recorder<Int>()
      _ = Observable.of(1, 2).skip(5).subscribe(none)
      #expect(none.events == [.completed])
    }
  }

  @Test func skipWhileStopsCheckingOncePassed() {
    expectNoLeaks {
      let calls = Shared(0)
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3, 1, 5).skip(while: { value in
        calls.mutate { $0 += 1 }
        return value < 3
      }).subscribe(recorder)
      #expect(recorder.events == [.next(3), .next(1), .next(5), .completed])
      #expect(calls.value == 3)
    }
  }

  @Test func skipWhileThrowingBecomesError() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.skip(while: { value in
        if value == 2 { throw TestError(id: 2) }
        return true
      }).subscribe(recorder)
      subject.onNext(1)
      subject.onNext(2)
      #expect(recorder.events == [.error(TestError(id: 2))])
      #expect(!subject.hasObservers)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.skip(2) }
    checkOperatorContract { $0.skip(while: { $0 < 3 }) }
  }
}
