import Dispatch
import ReactiveCore
import Testing

@Suite(.onOwnThread) struct TakeUntilTests {
  @Test func otherElementCompletesAndDisposesBoth() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      _ = source.take(until: other).subscribe(recorder)
      source.onNext(1)
      source.onNext(2)
      other.onNext("stop")
      source.onNext(3)
      #expect(recorder.events == [.next(1), .next(2), .completed])
      #expect(!source.hasObservers)
      #expect(!other.hasObservers)
    }
  }

  @Test func otherCompletionIsIgnored() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      let subscription = source.take(until: other).subscribe(recorder)
      source.onNext(1)
      other.onCompleted()
      source.onNext(2)
      #expect(recorder.events == [.next(1), .next(2)])
      #expect(source.hasObservers)
      source.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .completed])
      subscription.dispose()
    }
  }

  @Test func otherErrorPropagates() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      _ = source.take(until: other).subscribe(recorder)
      source.onNext(1)
      other.onError(TestError(id: 5))
      #expect(recorder.events == [.next(1), .error(TestError(id: 5))])
      #expect(!source.hasObservers)
    }
  }

  @Test func subscribesToOtherFirst() {
    expectNoLeaks {
      let log = Shared<[String]>([])
      let source = Observable<Int>.never().do(onSubscribe: { log.mutate { $0.append("source") } })
      let other = Observable<Int>.never().do(onSubscribe: { log.mutate { $0.append("other") } })
      source.take(until: other).subscribe().dispose()
      #expect(log.value == ["other", "source"])
    }
  }

  @Test func synchronousOtherCompletesBeforeSourceEmits() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).take(until: Observable.just(0)).subscribe(recorder)
      #expect(recorder.events == [.completed])
    }
  }

  @Test func stopsEndlessSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      let stop = Observable.range(start: 0, count: 10).filter { $0 == 5 }
      _ = Observable.range(start: 0, count: 10).take(until: stop).subscribe(recorder)
      // Both generators are queued on the trampoline (`other` first) and take turns element by
      // element, as with RxSwift's trampoline: the source emits 0...4 before `other` reaches 5.
      #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .next(4), .completed])
    }
  }

  @Test func concurrentSourcesNeverOverlap() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let detector = OverlapDetector<Int>()
      let subscription = source.take(until: other).subscribe(detector)
      let count = 100_000
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          for i in 0..<count { source.onNext(i) }
          source.onCompleted()
        } else {
          var round = 0
          while detector.delivered.load(ordering: .acquiring) < 1000 && round < 10_000_000 {
            round += 1
          }
          other.onNext(0)
        }
      }
      let events = detector.recorder.events
      #expect(detector.overlaps.load(ordering: .relaxed) == 0)
      #expect(events.last == .completed)
      #expect(events.filter(\.isStopEvent).count == 1)
      let elements = events.compactMap(\.element)
      #expect(elements == Array(0..<elements.count))
      subscription.dispose()
      #expect(!source.hasObservers && !other.hasObservers)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.take(until: PublishSubject<Int>()) }
    checkOperatorContract { $0.take(until: $0.filter { $0 == 3 }) }
  }
}
