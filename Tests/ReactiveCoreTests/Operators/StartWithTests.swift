import ReactiveCore
import Testing

@Suite struct StartWithTests {
  @Test func prependsElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(3, 4).startWith(1, 2).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }
  }

  @Test func emitsBeforeSubscribingToSource() {
    expectNoLeaks {
      let log = Shared<[String]>([])
      let source = Observable<Int>.never().do(onSubscribe: {
        log.mutate { $0.append("subscribe") }
      })
      let subscription = source.startWith(1).subscribe(onNext: { value in
        log.mutate { $0.append("next \(value)") }
      })
      subscription.dispose()
      #expect(log.value == ["next 1", "subscribe"])
    }
  }

  @Test func chainedCallsPrependInReverseOrder() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(9).startWith(1).startWith(0).subscribe(recorder)
      #expect(recorder.elements == [0, 1, 9])
    }
  }

  @Test func elementsPrecedeSourceError() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError()).startWith(1).subscribe(recorder)
      #expect(recorder.events == [.next(1), .error(TestError())])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.startWith(-1, 0) }
  }
}
