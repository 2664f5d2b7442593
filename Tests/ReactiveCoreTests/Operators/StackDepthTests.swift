import Dispatch
import ReactiveCore
import ReactiveEngine
import Testing

/// Recursive idioms and long chains run in constant stack: each test runs on a thread with an
/// ordinary 512 KiB stack (`withWatchdog`), at 1,000,000 levels, except where an element is
/// delivered through a long chain of operators (each one calls the next: see the tests).
@Suite(.stress, .onOwnThread) struct StackDepthTests {
  static let depth = 1_000_000

  @Test func recursiveConcatOfDeferred() {
    let result = withWatchdog { () -> (count: Int, sum: Int, completed: Bool) in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0 ? .empty() : .just(k).concat(.deferred { loop(k - 1) })
      }
      var count = 0
      var sum = 0
      var completed = false
      _ = loop(Self.depth).subscribe(
        onNext: {
          count += 1
          sum &+= $0
        }, onCompleted: { completed = true })
      return (count, sum, completed)
    }
    #expect(result?.count == Self.depth)
    #expect(result?.sum == Self.depth * (Self.depth + 1) / 2)
    #expect(result?.completed == true)
  }

  @Test func recursiveCatch() {
    let result = withWatchdog { () -> (count: Int, completed: Bool) in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0
          ? .empty()
          : Observable.just(k).concat(Observable.error(TestError())).catch { _ in loop(k - 1) }
      }
      var count = 0
      var completed = false
      _ = loop(Self.depth).subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
      return (count, completed)
    }
    #expect(result?.count == Self.depth)
    #expect(result?.completed == true)
  }

  @Test func recursiveCatchOfFailingSources() {
    let result = withWatchdog { () -> Bool in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0 ? .just(0) : Observable.error(TestError()).catch { _ in loop(k - 1) }
      }
      var completed = false
      _ = loop(Self.depth).subscribe(onCompleted: { completed = true })
      return completed
    }
    #expect(result == true)
  }

  @Test func recursiveConcatCanBeDisposedMidway() {
    let result = withWatchdog { () -> [Int] in
      func loop(_ k: Int) -> Observable<Int> {
        k == 0 ? .empty() : .just(k).concat(.deferred { loop(k - 1) })
      }
      let recorder = Recorder<Int>()
      _ = loop(Self.depth).take(3).subscribe(recorder)
      return recorder.elements
    }
    #expect(result == [Self.depth, Self.depth - 1, Self.depth - 2])
  }

  /// `levels` single-source operators on `source`: all `map`s, or (`mixed`) map, filter, scan,
  /// compactMap, take, skip in turn, each passing elements through with one added per `map`.
  static func chain(
    _ source: Observable<Int>, levels: Int, mixed: Bool = false
  ) -> Observable<Int> {
    var chain = source
    for level in 0..<levels {
      switch mixed ? level % 6 : 0 {
      case 0: chain = chain.map { $0 + 1 }
      case 1: chain = chain.filter { _ in true }
      case 2: chain = chain.scan(0) { _, value in value }
      case 3: chain = chain.compactMap { $0 }
      case 4: chain = chain.take(10)
      default: chain = chain.skip(0)
      }
    }
    return chain
  }

  /// What one element gains through `chain(_:levels:mixed:)`.
  static func gain(levels: Int, mixed: Bool) -> Int { mixed ? (levels + 5) / 6 : levels }

  /// A chain of 1,000,000 single-source operators on a hot source is built, subscribed,
  /// disposed and released on an ordinary 512 KiB stack: beyond `SubscribeDepth.bound` nested
  /// levels the subscription of the rest is deferred and run in a loop before `subscribe` returns,
  /// disposal walks the holders in a loop, and the sinks and the observables are released in a
  /// loop. Delivering an element through it would recurse once per operator (see
  /// `deliveringThroughAChainBeyondTheBound` for the depth that delivers).
  @Test(arguments: [false, true]) func aMillionOperators(mixed: Bool) {
    expectSubscribedDisposedAndReleased { source in
      (Self.chain(source, levels: Self.depth, mixed: mixed), {})
    }
  }

  /// Elements flow through a chain longer than the bound, subscribed and disposed on an ordinary
  /// stack. Delivery recurses once per operator (about 870 bytes per level in a debug build), so it
  /// runs on a main-thread-sized 8 MiB stack at 5,000 levels; under a sanitizer (where allocation
  /// counting is off) at 1,000 levels, because ThreadSanitizer's shadow call stack cannot hold a
  /// deep delivery (see `disposingALongChain`).
  @Test(arguments: [false, true]) func deliveringThroughAChainBeyondTheBound(mixed: Bool) {
    let depth = allocationCountingIsActive ? 5_000 : 1_000
    let result = withWatchdog(stackSize: 8 << 20) { () -> (received: [Int], live: Int) in
      let relay = PublishRelay<Int>()
      var received: [Int] = []
      let (_, live) = Resources.tracking {
        let subscription = Self.chain(relay.asObservable(), levels: depth, mixed: mixed)
          .subscribe(onNext: { received.append($0) })
        relay.accept(0)
        relay.accept(100)
        subscription.dispose()
        relay.accept(200)
      }
      return (received, live)
    }
    let gain = Self.gain(levels: depth, mixed: mixed)
    #expect(result?.received == [gain, 100 + gain])
    #expect(result?.live == 0)
  }

  /// Where a long chain's subscription lives between the two threads of the test below.
  final class ChainSubscription: @unchecked Sendable {
    // Written by the subscribing thread, then read by the disposing one after `withWatchdog`
    // returned (which orders them).
    let subject = PublishSubject<Int>()
    var received: [Int] = []
    var subscription: Disposable?
  }

  /// Disposing a long chain of single-source operators runs in constant stack (the holders of
  /// the upstream subscriptions are disposed in a loop, the sinks are released in a loop) after an
  /// element went through it. Delivery recurses once per operator, so the chain is subscribed and
  /// fed on a thread with a large stack, and disposed on an ordinary one. 20,000 levels overflow
  /// the ordinary stack when disposal recurses. Under a sanitizer (where allocation counting is
  /// off) the chain is 1,000 levels: ThreadSanitizer's own shadow call stack cannot hold a delivery
  /// through 20,000 levels (its runtime crashed and then hung in its report handler); the plain
  /// `swift test` run checks the depth.
  @Test(arguments: [false, true]) func disposingALongChain(mixed: Bool) {
    let depth = allocationCountingIsActive ? 20_000 : 1_000
    let state = ChainSubscription()
    withWatchdog(stackSize: 1 << 30) { () -> Bool in
      state.subscription = Self.chain(state.subject.asObservable(), levels: depth, mixed: mixed)
        .subscribe(onNext: { state.received.append($0) })
      state.subject.onNext(0)
      return true
    }
    let disposed = withWatchdog { () -> Bool in
      state.subscription?.dispose()
      state.subscription = nil
      return true
    }
    state.subject.onNext(0)
    #expect(disposed == true)
    #expect(state.received == [Self.gain(levels: depth, mixed: mixed)])
    #expect(!state.subject.hasObservers)
  }

  /// Beyond the bound, the part of a chain below it is subscribed after the part above it has
  /// returned from its own subscription, but before the outermost `subscribe` returns: an
  /// `onSubscribed` above the deferred point (the outermost one included: the outermost
  /// subscription runs the deferred part when its own subscription returned) runs before an
  /// `onSubscribe` below it (on the stack it would run after every subscription below it). Below
  /// the bound the order is the usual one.
  @Test func orderOfSubscriptionSideEffectsBeyondTheBound() {
    let result = withWatchdog { () -> (log: [String], subscribedOnReturn: Bool) in
      let relay = PublishRelay<Int>()
      var log: [String] = []
      let below = Self.chain(
        relay.asObservable()
          .do(
            onSubscribe: { log.append("deep subscribe") },
            onSubscribed: { log.append("deep subscribed") }),
        levels: 1_000)
      let above = Self.chain(
        below.do(
          onSubscribe: { log.append("shallow subscribe") },
          onSubscribed: { log.append("shallow subscribed") }),
        levels: 10
      )
      .do(
        onSubscribe: { log.append("outer subscribe") },
        onSubscribed: { log.append("outer subscribed") })
      let subscription = above.subscribe(onNext: { _ in })
      let subscribedOnReturn = relay.hasObservers
      log.append("returned")
      subscription.dispose()
      return (log, subscribedOnReturn)
    }
    #expect(
      result?.log == [
        "outer subscribe", "shallow subscribe", "shallow subscribed", "outer subscribed",
        "deep subscribe", "deep subscribed", "returned",
      ])
    #expect(result?.subscribedOnReturn == true)
  }

  /// A subscription disposed before its deferred part ran never subscribes that part: through the
  /// trampoline (`take` above the chain) and through the outermost subscription's own list.
  @Test(arguments: [false, true]) func disposedBeforeTheDeferredPartRan(throughTake: Bool) {
    let result = withWatchdog { () -> (received: [Int], deepSubscribed: Bool, live: Int) in
      let relay = PublishRelay<Int>()
      var deepSubscribed = false
      var received: [Int] = []
      let (_, live) = Resources.tracking {
        let deep = Self.chain(
          relay.asObservable().do(onSubscribe: { deepSubscribed = true }), levels: 1_000)
        let emitting = Observable<Int>.create { observer in
          let subscription = deep.subscribe(observer)
          observer.onNext(-1)
          if !throughTake { subscription.dispose() }
          return subscription
        }
        let outer = throughTake ? emitting.take(1) : emitting.map { $0 }
        let subscription = outer.subscribe(onNext: { received.append($0) })
        relay.accept(7)
        subscription.dispose()
      }
      return (received, deepSubscribed, live)
    }
    #expect(result?.received == [-1])
    #expect(result?.deepSubscribed == false)
    #expect(result?.live == 0)
  }

  /// An error raised synchronously at the bottom of a chain longer than the bound reaches the
  /// subscriber before `subscribe` returns; an error thrown by an operator in a deferred part ends
  /// the sequence too.
  @Test func errorsThroughADeferredPart() {
    let result = withWatchdog(stackSize: 8 << 20) { () -> (events: [String], live: Int) in
      var events: [String] = []
      let (_, live) = Resources.tracking {
        _ = Self.chain(Observable<Int>.error(TestError(id: 1)), levels: 1_000)
          .subscribe(onError: { events.append("\($0)") })
        events.append("returned")
        let relay = PublishRelay<Int>()
        let throwing = Self.chain(
          relay.asObservable().map { value -> Int in
            if value > 0 { throw TestError(id: value) }
            return value
          }, levels: 1_000)
        _ = throwing.subscribe(
          onNext: { events.append("next \($0)") }, onError: { events.append("\($0)") })
        relay.accept(0)
        relay.accept(2)
        relay.accept(3)
        events.append("relay observed: \(relay.hasObservers)")
      }
      return (events, live)
    }
    #expect(
      result?.events == [
        "TestError(1)", "returned", "next 1000", "TestError(2)", "relay observed: false",
      ])
    #expect(result?.live == 0)
  }

  /// `take` above a chain longer than the bound still stops synchronous generators below it: the
  /// deferred part runs on the active trampoline, behind the work queued there, so every
  /// disposable is held before the generators start (and they take turns under `zip`).
  @Test func takeStopsGeneratorsBelowADeferredPart() {
    let result = withWatchdog(stackSize: 8 << 20) { () -> (single: [Int], zipped: [Int]) in
      let single = Recorder<Int>()
      _ = Self.chain(Observable.from(1...), levels: 1_000).take(3).subscribe(single)
      let zipped = Recorder<Int>()
      _ = Observable.zip(Observable.from(1...), Self.chain(Observable.from(1...), levels: 1_000)) {
        $1 - $0
      }
      .take(3).subscribe(zipped)
      return (single.elements, zipped.elements)
    }
    #expect(result?.single == [1_001, 1_002, 1_003])
    #expect(result?.zipped == [1_000, 1_000, 1_000])
  }

  /// A subscription made from a subscriber's `onNext` while the thread delivers (not inside
  /// another subscription) is complete when its `subscribe` returns. Made while another
  /// subscription is being set up on the same thread (an element emitted inside `subscribe`), the
  /// part beyond the bound is subscribed before that outer `subscribe` returns.
  @Test func reentrantSubscriptionBeyondTheBound() {
    let result = withWatchdog(stackSize: 8 << 20) {
      () -> (whileDelivering: [Bool], whileSubscribing: [Bool]) in
      let trigger = PublishRelay<Int>()
      let inner = PublishRelay<Int>()
      var whileDelivering: [Bool] = []
      var subscriptions: [Disposable] = []
      let outer = trigger.subscribe(onNext: { _ in
        subscriptions.append(Self.chain(inner.asObservable(), levels: 1_000).subscribe())
        whileDelivering.append(inner.hasObservers)
      })
      trigger.accept(0)
      outer.dispose()
      for subscription in subscriptions { subscription.dispose() }
      subscriptions = []
      var whileSubscribing: [Bool] = []
      let nested = Observable.just(0).map { $0 }.subscribe(onNext: { _ in
        subscriptions.append(Self.chain(inner.asObservable(), levels: 1_000).subscribe())
        whileSubscribing.append(inner.hasObservers)
      })
      whileSubscribing.append(inner.hasObservers)
      nested.dispose()
      for subscription in subscriptions { subscription.dispose() }
      whileSubscribing.append(inner.hasObservers)
      return (whileDelivering, whileSubscribing)
    }
    #expect(result?.whileDelivering == [true])
    #expect(result?.whileSubscribing == [false, true, false])
  }

  /// Each thread defers and runs its own subscriptions: chains subscribed on several threads at
  /// once are each complete when their `subscribe` returns.
  @Test func deepSubscriptionsOnSeveralThreads() {
    let results = Locked<[Bool]>([])
    let relay = PublishRelay<Int>()
    let chain = Self.chain(relay.asObservable(), levels: 2_000, mixed: true)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<20 {
        let subscription = chain.subscribe(onNext: { _ in })
        results.withLock { $0.append(relay.hasObservers) }
        subscription.dispose()
      }
    }
    #expect(results.withLock { $0 } == Array(repeating: true, count: 80))
    #expect(!relay.hasObservers)
  }
}
