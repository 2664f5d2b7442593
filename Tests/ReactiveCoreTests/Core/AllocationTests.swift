import ReactiveCore
import Testing

/// Steady-state delivery allocates nothing: the promise checked with a deterministic counter.
/// (Off under sanitizers, which own malloc; `swift test` runs it.)
@Suite(.enabled(if: allocationCountingIsActive, "allocation counting is off under sanitizers"))
struct AllocationTests {
  @Test func counterSeesAllocations() {
    final class Box {}
    var boxes: [Box] = []
    let count = allocations { for _ in 0..<10 { boxes.append(Box()) } }
    #expect(count >= 10)
    #expect(boxes.count == 10)
  }

  @Test func relayToSubscriberAllocatesNothingPerEvent() {
    let relay = PublishRelay<Int>()
    var sum = 0
    let subscription = relay.subscribe(onNext: { sum &+= $0 })
    relay.accept(0)  // warm up
    let count = allocations { for i in 1...10_000 { relay.accept(i) } }
    subscription.dispose()
    #expect(count == 0)
    #expect(sum == 50_005_000)
  }

  @Test func relayMapFilterChainAllocatesNothingPerEvent() {
    let relay = PublishRelay<Int>()
    var sum = 0
    let subscription = relay.map { $0 + 1 }.filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
      .subscribe(onNext: { sum &+= $0 })
    relay.accept(0)
    let count = allocations { for i in 1...10_000 { relay.accept(i) } }
    subscription.dispose()
    #expect(count == 0)
    #expect(sum > 0)
  }

  @Test func behaviorRelayAcceptAndValueAllocateNothing() {
    let relay = BehaviorRelay(value: 0)
    var sum = 0
    let subscription = relay.subscribe(onNext: { sum &+= $0 })
    relay.accept(1)
    let count = allocations {
      for i in 1...10_000 {
        relay.accept(i)
        sum &+= relay.value
      }
    }
    subscription.dispose()
    #expect(count == 0)
  }

  @Test func combineLatestAllocatesNothingPerEvent() {
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    var sum = 0
    let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }
      .subscribe(onNext: { sum &+= $0 })
    left.accept(0)
    right.accept(0)
    let count = allocations {
      for i in 1...10_000 { i.isMultiple(of: 2) ? left.accept(i) : right.accept(i) }
    }
    subscription.dispose()
    #expect(count == 0)
    #expect(sum > 0)
  }

  @Test func zipAllocatesNothingPerPairOnceItsBuffersHaveGrown() {
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    var pairs = 0
    let subscription = Observable.zip(left, right) { $0 &+ $1 }
      .subscribe(onNext: { _ in pairs += 1 })
    for i in 0..<4 {
      left.accept(i)
      right.accept(i)
    }
    let count = allocations {
      for i in 1...10_000 {
        left.accept(i)
        right.accept(i)
      }
    }
    subscription.dispose()
    #expect(count == 0)
    #expect(pairs == 10_004)
  }

  @Test func subjectsAllocateNothingPerEvent() {
    let publish = PublishSubject<Int>()
    let replay = ReplaySubject<Int>.create(bufferSize: 4)
    var sum = 0
    let a = publish.subscribe(onNext: { sum &+= $0 })
    let b = replay.subscribe(onNext: { sum &+= $0 })
    for i in 0..<8 {
      publish.onNext(i)
      replay.onNext(i)
    }
    let count = allocations {
      for i in 1...10_000 {
        publish.onNext(i)
        replay.onNext(i)
      }
    }
    a.dispose()
    b.dispose()
    #expect(count == 0)
  }

  /// A subscription of `subscribe(onNext:...)` to a subject, a relay or a relay's observable is
  /// at most two objects (the leaf is the hub's entry, with no type-erased observer around it).
  @Test func subscribeAndDisposeOnSubjectsAndRelaysAllocatesAtMostTwoObjects() {
    let publishRelay = PublishRelay<Int>()
    let behaviorRelay = BehaviorRelay(value: 0)
    let publishSubject = PublishSubject<Int>()
    let behaviorSubject = BehaviorSubject(value: 0)
    let replaySubject = ReplaySubject<Int>.create(bufferSize: 2)
    let relayObservable = publishRelay.asObservable()
    var sum = 0
    let onNext: (Int) -> Void = { sum &+= $0 }
    // warm up the subscriber lists' storage
    relayObservable.subscribe(onNext: onNext).dispose()
    publishRelay.subscribe(onNext: onNext).dispose()
    behaviorRelay.subscribe(onNext: onNext).dispose()
    publishSubject.subscribe(onNext: onNext).dispose()
    behaviorSubject.subscribe(onNext: onNext).dispose()
    replaySubject.subscribe(onNext: onNext).dispose()
    let count = allocations {
      for _ in 0..<100 {
        publishRelay.subscribe(onNext: onNext).dispose()
        behaviorRelay.subscribe(onNext: onNext).dispose()
        publishSubject.subscribe(onNext: onNext).dispose()
        behaviorSubject.subscribe(onNext: onNext).dispose()
        replaySubject.subscribe(onNext: onNext).dispose()
        relayObservable.subscribe(onNext: onNext).dispose()
      }
    }
    #expect(count <= 1_200, "at most 2 per subscribe + dispose")
    #expect(!publishRelay.hasObservers && !behaviorRelay.hasObservers)
    #expect(!publishSubject.hasObservers && !behaviorSubject.hasObservers)
    #expect(!replaySubject.hasObservers)
  }

  /// Through `asObservable()` the source is not known to be a hub: the leaf, the closure around
  /// it and the hub's wrapper (three objects).
  @Test func subscribeAndDisposeThroughAsObservableAllocatesAtMostThreeObjects() {
    let relay = PublishRelay<Int>()
    let observable = relay.asObservable()
    observable.subscribe(onNext: { _ in }).dispose()
    let count = allocations {
      for _ in 0..<100 { observable.subscribe(onNext: { _ in }).dispose() }
    }
    #expect(count <= 300)
  }

  /// A relay that never sees contention has no drainer queue: making and freeing one allocates
  /// the relay and its hub, nothing else.
  @Test func makingAndFreeingAPublishRelayAllocatesTwoObjects() {
    var sum = 0
    let onNext: (Int) -> Void = { sum &+= $0 }
    let made = fewestAllocations {
      for value in 0..<100 { PublishRelay<Int>().accept(value) }
    }
    #expect(made <= 200, "the relay and its hub per relay")
    // Subscribed, used and disposed by one thread: the subscription's objects, still no queue.
    let used = fewestAllocations {
      for value in 0..<100 {
        let relay = PublishRelay<Int>()
        let subscription = relay.subscribe(onNext: onNext)
        relay.accept(value)
        subscription.dispose()
      }
    }
    #expect(used <= 400, "two more per relay in a debug build")
    #expect(sum == 4 * 4_950)
  }

  /// Switching to an inner made on the fly: the inner relay and its hub, its observable, the
  /// hub's wrapper of the switch's observer and that observer; no drainer queue and no holder of
  /// the inner's subscription. (The subscriber list's storage is allocated aligned, which this
  /// counter does not see.)
  @Test func flatMapLatestIntoFreshRelaysAllocatesAtMostFiveObjectsPerSwitch() {
    let outer = PublishRelay<PublishRelay<Int>>()
    var sum = 0
    let subscription = outer.flatMapLatest { $0 }.subscribe(onNext: { sum &+= $0 })
    let count = fewestAllocations {
      for value in 1...100 {
        let inner = PublishRelay<Int>()
        outer.accept(inner)
        inner.accept(value)
      }
    }
    subscription.dispose()
    #expect(count <= 500)
    #expect(sum == 4 * 5_050)
  }

  /// The fewest allocations of three runs of `body` after a warm-up run: a ceiling on what
  /// `body` itself allocates, not on one-time work (metadata, caches) another test running at
  /// the same time may leave to it.
  func fewestAllocations(_ body: () -> Void) -> Int {
    body()
    return (0..<3).map { _ in allocations(body) }.min() ?? 0
  }
}
