import Dispatch
import ReactiveCore
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct RelayTests {
  @Test func publishRelayDeliversToCurrentSubscribers() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      relay.accept(0)
      var seen: [Int] = []
      let subscription = relay.subscribe(onNext: { seen.append($0) })
      relay.accept(1)
      relay.accept(2)
      subscription.dispose()
      relay.accept(3)
      #expect(seen == [1, 2])
      #expect(!relay.hasObservers)
    }
  }

  @Test func behaviorRelayReplaysCurrentValue() {
    expectNoLeaks {
      let relay = BehaviorRelay(value: 1)
      var seen: [Int] = []
      let subscription = relay.subscribe(onNext: { seen.append($0) })
      relay.accept(2)
      #expect(relay.value == 2)
      subscription.dispose()
      #expect(seen == [1, 2])
    }
  }

  @Test func reentrantAcceptIsQueuedAndSeenInSameOrderByAll() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      var first: [Int] = []
      var second: [Int] = []
      let a = relay.subscribe(onNext: { value in
        first.append(value)
        if value == 1 { relay.accept(2) }
        #expect(second.count == first.count - 1, "re-entrant accept recursed")
      })
      let b = relay.subscribe(onNext: { second.append($0) })
      relay.accept(1)
      #expect(first == [1, 2])
      #expect(second == [1, 2])
      a.dispose()
      b.dispose()
    }
  }

  @Test func disposeFromInsideOnNextDoesNotDeadlock() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      var seen: [Int] = []
      var subscription: Disposable?
      subscription = relay.subscribe(onNext: { value in
        seen.append(value)
        subscription?.dispose()
      })
      relay.accept(1)
      relay.accept(2)
      #expect(seen == [1])
      subscription = nil
    }
  }

  @Test func concurrentAcceptsAreSerializedAndNothingIsLost() async {
    let relay = PublishRelay<Int>()
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let count = Atomic<Int>(0)
    let sum = Atomic<Int>(0)
    let subscription = relay.subscribe(onNext: { value in
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      count.add(1, ordering: .relaxed)
      sum.add(value, ordering: .relaxed)
      inside.subtract(1, ordering: .acquiringAndReleasing)
    })
    let threads = 4
    let perThread = 50_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for i in 1...perThread { relay.accept(i) }
    }
    // A drainer that exceeded its budget hands the rest to a background thread: wait for it.
    _ = await eventually { count.load(ordering: .relaxed) == threads * perThread }
    subscription.dispose()
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(count.load(ordering: .relaxed) == threads * perThread)
    #expect(sum.load(ordering: .relaxed) == threads * perThread * (perThread + 1) / 2)
  }

  @Test func nothingDeliveredAfterDisposeReturnsUnderConcurrentEmitter() async {
    for _ in 0..<5 {
      let relay = PublishRelay<Int>()
      let afterDispose = Atomic<Bool>(false)
      let violations = Atomic<Int>(0)
      let stop = Atomic<Bool>(false)
      let subscription = relay.subscribe(onNext: { _ in
        if afterDispose.load(ordering: .acquiring) { violations.add(1, ordering: .relaxed) }
      })
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        var i = 0
        while !stop.load(ordering: .relaxed) {
          relay.accept(i)
          i += 1
        }
        done.signal()
      }
      while !relay.hasObservers {}
      for _ in 0..<1000 { relay.accept(-1) }
      subscription.dispose()
      afterDispose.store(true, ordering: .releasing)
      for _ in 0..<1000 { relay.accept(-2) }
      stop.store(true, ordering: .relaxed)
      done.wait()
      #expect(violations.load(ordering: .relaxed) == 0)
    }
  }
}
