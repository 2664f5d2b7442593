import ReactiveCore
import Testing

@Suite struct TakeWhileTests {
  @Test func takeWhileExclusive() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.take(while: { $0 < 3 }).subscribe(recorder)
      for i in [1, 2, 3, 1] { subject.onNext(i) }
      #expect(recorder.events == [.next(1), .next(2), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeWhileInclusive() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }, behavior: .inclusive).subscribe(
        recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
  }

  @Test func takeUntilPredicateExclusiveAndInclusive() {
    expectNoLeaks {
      let exclusive = Recorder<Int>()
      _ = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }).subscribe(exclusive)
      #expect(exclusive.events == [.next(1), .next(2), .completed])

      let inclusive = Recorder<Int>()
      _ = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive)
        .subscribe(inclusive)
      #expect(inclusive.events == [.next(1), .next(2), .next(3), .completed])
    }
  }

  @Test func throwingPredicateBecomesError() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.take(while: { value in
        if value == 2 { throw TestError(id: 2) }
        return true
      }).subscribe(recorder)
      subject.onNext(1)
      subject.onNext(2)
      #expect(recorder.events == [.next(1), .error(TestError(id: 2))])
      #expect(!subject.hasObservers)
    }
  }

  @Test func stopsEndlessSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 })
        .take(while: { $0 < 4 }).subscribe(recorder)
      #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.take(while: { $0 < 3 }) }
    checkOperatorContract { $0.take(while: { $0 < 3 }, behavior: .inclusive) }
    checkOperatorContract { $0.take(until: { $0 > 3 }) }
    checkOperatorContract { $0.take(until: { $0 > 3 }, behavior: .inclusive) }
  }
}
