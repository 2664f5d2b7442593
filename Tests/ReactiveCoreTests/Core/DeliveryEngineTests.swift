import Dispatch
import ReactiveEngine
import Synchronization
import TestSupport
import Testing

@testable import ReactiveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The delivery engine under stress: the backlog bound, the dispose rule, O(1) disposal, exact
/// `hasObservers`, memory given back after a burst, and the switch sink's race.
@Suite(.onOwnThread) struct DeliveryEngineTests {
  /// A hot producer against 20,000 subscribe/dispose pairs. The relay's queue stays
  /// bounded, a subscriber attached throughout receives everything in order, and nothing reaches
  /// a subscription after its `dispose()` returned.
  @Test func aHotProducerKeepsTheBacklogBoundedWhileOthersSubscribeAndDispose() {
    let relay = PublishRelay<Int>()
    let produced = 200_000
    let received = Atomic<Int>(0)
    let outOfOrder = Atomic<Int>(0)
    let afterDispose = Atomic<Int>(0)
    let maxQueued = Atomic<Int>(0)
    nonisolated(unsafe) var last = -1
    let watcher = relay.subscribe(onNext: { value in
      if value != last + 1 { outOfOrder.add(1, ordering: .relaxed) }
      last = value
      received.add(1, ordering: .relaxed)
      maxQueued.max(relay.hub.drainer.queuedCount, ordering: .relaxed)
    })
    let producing = Atomic<Bool>(true)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      for value in 0..<produced { relay.accept(value) }
      producing.store(false, ordering: .releasing)
    }
    var pairs = 0
    while pairs < 20_000 {
      let disposed = Atomic<Bool>(false)
      let subscription = relay.subscribe(onNext: { _ in
        if disposed.load(ordering: .acquiring) { afterDispose.add(1, ordering: .relaxed) }
      })
      subscription.dispose()
      disposed.store(true, ordering: .releasing)
      maxQueued.max(relay.hub.drainer.queuedCount, ordering: .relaxed)
      pairs += 1
    }
    #expect(wait(for: group, timeout: heavyDeadline))
    watcher.dispose()
    #expect(received.load(ordering: .relaxed) == produced)
    #expect(outOfOrder.load(ordering: .relaxed) == 0)
    #expect(afterDispose.load(ordering: .relaxed) == 0)
    // Two producing threads (the hot one and the subscribing one): at most one item each above
    // the limit.
    #expect(maxQueued.load(ordering: .relaxed) <= Drainer<Int>.backlogLimit + 2)
    #expect(!relay.hasObservers)
  }

  /// Two deliveries on two threads, each disposing the other's subscription.
  /// Under the rule "a dispose() made while delivering does not wait", both return.
  @Test func twoDeliveriesDisposingEachOtherDoNotDeadlock() {
    for _ in 0..<20 {
      let r1 = PublishRelay<Int>()
      let r2 = PublishRelay<Int>()
      let bothInside = Atomic<Int>(0)
      let finished = Atomic<Int>(0)
      nonisolated(unsafe) var d1: Disposable?
      nonisolated(unsafe) var d2: Disposable?
      d1 = r1.subscribe(onNext: { _ in
        bothInside.add(1, ordering: .relaxed)
        _ = eventually { bothInside.load(ordering: .relaxed) == 2 }  // both callbacks running
        d2?.dispose()
        finished.add(1, ordering: .relaxed)
      })
      d2 = r2.subscribe(onNext: { _ in
        bothInside.add(1, ordering: .relaxed)
        _ = eventually { bothInside.load(ordering: .relaxed) == 2 }
        d1?.dispose()
        finished.add(1, ordering: .relaxed)
      })
      DispatchQueue.global().async { r1.accept(1) }
      DispatchQueue.global().async { r2.accept(1) }
      // Watchdog: a deadlock would leave `finished` below 2 forever.
      #expect(eventually(timeout: heavyDeadline) { finished.load(ordering: .relaxed) == 2 })
      #expect(!r1.hasObservers && !r2.hasObservers)
    }
  }

  /// The barrier still waits when the disposing thread is not delivering.
  @Test func disposeFromAPlainThreadWaitsForTheRunningCallback() {
    let relay = PublishRelay<Int>()
    let inside = Atomic<Bool>(false)
    let release = Atomic<Bool>(false)
    let returned = Atomic<Bool>(false)
    let subscription = relay.subscribe(onNext: { _ in
      inside.store(true, ordering: .releasing)
      _ = eventually { release.load(ordering: .acquiring) }
      returned.store(true, ordering: .releasing)
    })
    DispatchQueue.global().async { relay.accept(1) }
    #expect(eventually { inside.load(ordering: .acquiring) })
    let disposing = Atomic<Bool>(false)
    DispatchQueue.global().async {
      _ = eventually { disposing.load(ordering: .acquiring) }
      release.store(true, ordering: .releasing)
    }
    disposing.store(true, ordering: .releasing)
    subscription.dispose()
    let callbackReturned = returned.load(ordering: .acquiring)
    #expect(callbackReturned)
  }

  /// Disposing 100,000 subscribers of one relay is linear in any order: a quadratic removal
  /// would take minutes here. The bound is generous; the benchmark `relay-dispose-100k` in
  /// Benchmarks/ measures it.
  @Test(arguments: ["in order", "reverse", "random"])
  func disposingManySubscribersIsLinear(order: String) {
    let relay = PublishRelay<Int>()
    let count = 100_000
    var subscriptions = (0..<count).map { _ in relay.subscribe(onNext: { _ in }) }
    switch order {
    case "reverse": subscriptions.reverse()
    case "random": subscriptions.shuffle()
    default: break
    }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for subscription in subscriptions { subscription.dispose() }
    }
    #expect(!relay.hasObservers)
    #expect(relay.hub.inspectEntries { $0.count } <= 1)
    #expect(elapsed < .seconds(60))
  }

  /// `hasObservers` is exact once `dispose()` returns, also while another thread
  /// is delivering on the relay.
  @Test func hasObserversIsExactOnceDisposeReturns() {
    let relay = ReplayRelay<Int>.create(bufferSize: 1)
    let group = DispatchGroup()
    let stop = Atomic<Bool>(false)
    DispatchQueue.global().async(group: group) {
      var value = 0
      while !stop.load(ordering: .relaxed) {
        relay.accept(value)
        value += 1
      }
    }
    for _ in 0..<2_000 {
      let subscriptions = (0..<3).map { _ in relay.subscribe(onNext: { _ in }) }
      #expect(relay.hasObservers)
      for subscription in subscriptions { subscription.dispose() }
      #expect(!relay.hasObservers)
    }
    stop.store(true, ordering: .relaxed)
    group.wait()
  }

  /// A relay's queue gives its memory back after a burst.
  @Test func aRelayQueueShrinksAfterABurst() {
    let relay = PublishRelay<Int>()
    var received = 0
    let subscription = relay.subscribe(onNext: { value in
      received += 1
      if value == -1 {
        for next in 0..<100_000 { relay.accept(next) }  // re-entrant: all queued
        #expect(relay.hub.drainer.queueCapacity >= 100_000)
      }
    })
    relay.accept(-1)
    #expect(received == 100_001)
    #expect(relay.hub.drainer.queueCapacity <= FIFO<Int>.minimumShrinkCapacity)
    subscription.dispose()
  }

  /// The switch sink's mode is read under its lock while `dispose()` writes the state machine
  /// (run under ThreadSanitizer, a read without the lock is reported).
  @Test func switchSinkHasNoDataRaceWithConcurrentDispose() {
    let relay = PublishRelay<Int>()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      for value in 0..<50_000 { relay.accept(value) }
    }
    for _ in 0..<1_000 {
      relay.flatMapLatest { Observable.just($0) }.subscribe().dispose()
      relay.flatMapFirst { Observable.just($0) }.subscribe().dispose()
    }
    #expect(wait(for: group, timeout: heavyDeadline))
  }
}
