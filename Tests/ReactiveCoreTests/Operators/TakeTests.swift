import ReactiveCore
import Testing

@Suite struct TakeTests {
  @Test func takesFirstElementsThenCompletesAndDisposesUpstream() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.take(2).subscribe(recorder)
      subject.onNext(1)
      #expect(subject.hasObservers)
      subject.onNext(2)
      #expect(recorder.events == [.next(1), .next(2), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeZeroCompletesAtOnceAndNeverSubscribes() {
    expectNoLeaks {
      let subscriptions = Shared(0)
      let source = Observable<Int>.deferred {
        subscriptions.mutate { $0 += 1 }
        return Observable.of(1, 2)
      }
      let recorder = Recorder<Int>()
      _ = source.take(0).subscribe(recorder)
      #expect(recorder.events == [.completed])
      #expect(subscriptions.value == 0)
    }
  }

  @Test func shortSourceCompletesNormally() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).take(5).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func forwardsErrorBeforeCount() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).take(2).subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func stopsEndlessSynchronousSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.repeatElement(7).map { $0 + 1 }.take(3).subscribe(recorder)
      #expect(recorder.events == [.next(8), .next(8), .next(8), .completed])
    }
  }

  @Test func stopsSynchronousRangeEarly() {
    expectNoLeaks {
      let emitted = Shared(0)
      let recorder = Recorder<Int>()
      _ = Observable.range(start: 0, count: 1_000_000)
        .do(onNext: { _ in emitted.mutate { $0 += 1 } })
        .take(3).subscribe(recorder)
      #expect(recorder.elements == [0, 1, 2])
      #expect(emitted.value == 3)
    }
  }

  @Test func nestedTakesStopEndlessSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.repeatElement(1).take(5).scan(0, accumulator: +).take(2).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.take(3) }
    checkOperatorContract { $0.take(0) }
    checkOperatorContract { $0.take(10) }
  }
}
