import ReactiveCore
import Testing

@Suite struct ScanTests {
  @Test func neverEmitsSeed() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3).scan(10) { $0 + $1 }.subscribe(recorder)
      #expect(recorder.events == [.next(11), .next(13), .next(16), .completed])
    }
  }

  @Test func emptySourceEmitsNothing() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.empty().scan(10) { $0 + $1 }.subscribe(recorder)
      #expect(recorder.events == [.completed])
    }
  }

  @Test func scanIntoMutatesState() {
    expectNoLeaks {
      let recorder = Recorder<[String]>()
      _ = Observable.of("a", "b", "c").scan(into: [String]()) { $0.append($1) }.subscribe(recorder)
      #expect(
        recorder.events == [.next(["a"]), .next(["a", "b"]), .next(["a", "b", "c"]), .completed])
    }
  }

  @Test func eachSubscriptionStartsFromSeed() {
    expectNoLeaks {
      let scanned = Observable.of(1, 2).scan(0) { $0 + $1 }
      let first = Recorder<Int>()
      let second = Recorder<Int>()
      _ = scanned.subscribe(first)
      _ = scanned.subscribe(second)
      #expect(first.elements == [1, 3])
      #expect(second.elements == [1, 3])
    }
  }

  @Test func throwingAccumulatorBecomesError() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.scan(0) { acc, value in
        if value == 3 { throw TestError(id: 3) }
        return acc + value
      }.subscribe(recorder)
      for i in 1...4 { subject.onNext(i) }
      #expect(recorder.events == [.next(1), .next(3), .error(TestError(id: 3))])
      #expect(!subject.hasObservers)

      let intoRecorder = Recorder<Int>()
      _ = Observable.of(1, 2).scan(into: 0) { acc, value in
        if value == 2 { throw TestError(id: 4) }
        acc += value
      }.subscribe(intoRecorder)
      #expect(intoRecorder.events == [.next(1), .error(TestError(id: 4))])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.scan(0) { $0 + $1 } }
    checkOperatorContract { $0.scan(into: 0) { $0 += $1 } }
  }
}
