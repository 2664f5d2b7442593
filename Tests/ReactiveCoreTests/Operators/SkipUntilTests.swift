import Dispatch
import ReactiveCore
import Testing

@Suite(.onOwnThread) struct SkipUntilTests {
  @Test func dropsUntilOtherEmits() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let recorder = Recorder<Int>()
      _ = source.skip(until: other).subscribe(recorder)
      source.onNext(1)
      other.onNext(())
      #expect(!other.hasObservers)
      source.onNext(2)
      source.onCompleted()
      #expect(recorder.events == [.next(2), .completed])
      #expect(!source.hasObservers)
    }
  }

  @Test func otherErrorPropagates() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let recorder = Recorder<Int>()
      _ = source.skip(until: other).subscribe(recorder)
      other.onError(TestError(id: 1))
      source.onNext(1)
      #expect(recorder.events == [.error(TestError(id: 1))])
      #expect(!source.hasObservers)
    }
  }

  @Test func otherCompletionKeepsSkipping() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let recorder = Recorder<Int>()
      let subscription = source.skip(until: other).subscribe(recorder)
      other.onCompleted()
      source.onNext(1)
      source.onError(TestError(id: 2))
      #expect(recorder.events == [.error(TestError(id: 2))])
      subscription.dispose()
    }
  }

  @Test func sourceCompletionBeforeOtherIsNotForwarded() {
    // RxSwift (and Rx.NET): the result ends silently and disposes both subscriptions.
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let recorder = Recorder<Int>()
      let subscription = source.skip(until: other).subscribe(recorder)
      source.onNext(1)
      source.onCompleted()
      #expect(recorder.events == [])
      #expect(!source.hasObservers)
      #expect(!other.hasObservers)
      subscription.dispose()
    }
  }

  @Test func synchronousOtherForwardsEverything() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).skip(until: Observable.just(())).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func concurrentSourcesNeverOverlap() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let detector = OverlapDetector<Int>()
      let subscription = source.skip(until: other).subscribe(detector)
      let count = 100_000
      let seen = Shared(0)
      let probe = source.subscribe(onNext: { _ in seen.mutate { $0 += 1 } })
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for i in 0..<count { source.onNext(i) }
        } else {
          var round = 0
          while seen.value < 1000 && round < 1_000_000 { round += 1 }
          other.onNext(0)
        }
      }
      source.onCompleted()
      let events = detector.recorder.events
      #expect(detector.overlaps.load(ordering: .relaxed) == 0)
      #expect(events.last == .completed)
      let elements = events.compactMap(\.element)
      // Whatever got through is a contiguous run ending with the last element.
      if let first = elements.first {
        #expect(elements == Array(first..<count))
      }
      subscription.dispose()
      probe.dispose()
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.skip(until: PublishSubject<Int>()) }
    checkOperatorContract { $0.skip(until: $0.filter { $0 == 2 }) }
  }
}
