import Testing

@testable import ReactiveCore

@Suite struct ReplayRelayAndBindTests {
  @Test func replayRelayReplaysItsBuffer() {
    expectNoLeaks {
      let relay = ReplayRelay<Int>.create(bufferSize: 2)
      relay.accept(1)
      relay.accept(2)
      relay.accept(3)
      let recorder = Recorder<Int>()
      let subscription = relay.subscribe(recorder)
      relay.accept(4)
      #expect(recorder.events == [.next(2), .next(3), .next(4)])
      #expect(relay.hasObservers)
      subscription.dispose()
      #expect(!relay.hasObservers)

      let unbound = ReplayRelay<Int>.createUnbound()
      for i in 0..<50 { unbound.accept(i) }
      let all = Recorder<Int>()
      unbound.asObservable().subscribe(all).dispose()
      #expect(all.elements == Array(0..<50))
    }
  }

  @Test func bindToEachRelayKind() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let publish = PublishRelay<Int>()
      let behavior = BehaviorRelay(value: 0)
      let replay = ReplayRelay<Int>.create(bufferSize: 10)
      let seen = Recorder<Int>()
      let watch = publish.subscribe(seen)
      let bindings = [
        source.bind(to: publish), source.bind(to: behavior), source.bind(to: replay),
      ]
      source.onNext(1)
      source.onNext(2)
      source.onCompleted()  // completion is ignored by relay bindings
      #expect(seen.events == [.next(1), .next(2)])
      #expect(behavior.value == 2)
      let replayed = Recorder<Int>()
      replay.subscribe(replayed).dispose()
      #expect(replayed.events == [.next(1), .next(2)])
      #expect(!source.hasObservers)
      for binding in bindings { binding.dispose() }
      watch.dispose()
    }
  }

  @Test func bindToSeveralRelaysAtOnce() {
    expectNoLeaks {
      let source = PublishRelay<Int>()
      let a = BehaviorRelay(value: 0)
      let b = BehaviorRelay(value: 0)
      let binding = source.bind(to: a, b)
      source.accept(7)
      #expect(a.value == 7)
      #expect(b.value == 7)
      binding.dispose()
      source.accept(8)
      #expect(a.value == 7)
    }
  }

  @Test func bindToAnObserverForwardsCompletion() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let target = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let watch = target.subscribe(recorder)
      let other = Recorder<Int>()
      let binding = source.bind(to: target.asObserver(), other.asObserver())
      source.onNext(1)
      source.onCompleted()
      #expect(recorder.events == [.next(1), .completed])
      #expect(other.events == [.next(1), .completed])
      binding.dispose()
      watch.dispose()
    }
  }

  @Test func bindOnNext() {
    expectNoLeaks {
      let source = PublishRelay<Int>()
      var seen: [Int] = []
      let binding = source.bind(onNext: { seen.append($0) })
      source.accept(1)
      binding.dispose()
      source.accept(2)
      #expect(seen == [1])
    }
  }

  @Test func behaviorRelayValueIsUpdatedBeforeQueuedDelivery() {
    expectNoLeaks {
      let relay = BehaviorRelay(value: 0)
      var valuesSeenInside: [Int] = []
      let subscription = relay.subscribe(onNext: { value in
        if value == 1 {
          relay.accept(2)
          // Delivery of 2 is queued, but `value` already reflects it.
          valuesSeenInside.append(relay.value)
        }
      })
      relay.accept(1)
      #expect(valuesSeenInside == [2])
      #expect(relay.value == 2)
      subscription.dispose()
    }
  }
}
