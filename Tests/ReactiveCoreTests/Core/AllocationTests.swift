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

  /// A subscription of `subscribe(onNext:...)` to a subject or relay is one object in a release
  /// build (the leaf is the hub's entry); the debug build `swift test` runs adds at most one.
  @Test func subscribeAndDisposeOnSubjectsAndRelaysAllocatesAtMostTwoObjects() {
    let publishRelay = PublishRelay<Int>()
    let behaviorRelay = BehaviorRelay(value: 0)
    let publishSubject = PublishSubject<Int>()
    let behaviorSubject = BehaviorSubject(value: 0)
    let replaySubject = ReplaySubject<Int>.create(bufferSize: 2)
    var sum = 0
    let onNext: (Int) -> Void = { sum &+= $0 }
    // warm up the subscriber lists' storage
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
      }
    }
    #expect(count <= 1_000, "at most 2 per subscribe + dispose (1 in a release build)")
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
}
