import ReactiveCore
import Testing

@Suite struct RangeTests {
  @Test func emitsCountIntegers() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.range(start: 3, count: 4).subscribe(recorder)
      #expect(recorder.events == [.next(3), .next(4), .next(5), .next(6), .completed])
    }
  }

  @Test func emptyRangeCompletes() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.range(start: 5, count: 0).subscribe(recorder)
      #expect(recorder.events == [.completed])
    }
  }

  @Test func reachesTheTypeMaximumWithoutOverflow() {
    expectNoLeaks {
      let recorder = Recorder<UInt8>()
      _ = Observable<UInt8>.range(start: 254, count: 2).subscribe(recorder)
      #expect(recorder.events == [.next(254), .next(255), .completed])
    }
  }

  @Test func eachSubscriptionStartsOver() {
    expectNoLeaks {
      let numbers = Observable.range(start: 0, count: 2)
      let first = Recorder<Int>()
      let second = Recorder<Int>()
      _ = numbers.subscribe(first)
      _ = numbers.subscribe(second)
      #expect(first.elements == [0, 1])
      #expect(second.elements == [0, 1])
    }
  }

  @Test func stopsWhenDisposedDownstream() {
    expectNoLeaks {
      let emitted = Shared(0)
      let recorder = Recorder<Int>()
      _ = Observable.range(start: 0, count: 1000)
        .do(onNext: { _ in emitted.mutate { $0 += 1 } })
        .element(at: 9).subscribe(recorder)
      #expect(recorder.events == [.next(9), .completed])
      #expect(emitted.value == 10)
    }
  }

  @Test func contract() {
    checkOperatorContract { source in Observable.range(start: 0, count: 3) }
    checkOperatorContract { $0.take(until: Observable.range(start: 0, count: 3)) }
  }
}
