import ReactiveCore
import Testing

/// Recursive idioms and long chains run in constant stack: each test runs on a thread with an
/// ordinary 512 KiB stack (`withWatchdog`), at 1,000,000 levels.
@Suite struct StackDepthTests {
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

  /// Where a long chain's subscription lives between the two threads of the test below.
  final class ChainSubscription: @unchecked Sendable {
    // Written by the subscribing thread, then read by the disposing one after `withWatchdog`
    // returned (which orders them).
    let subject = PublishSubject<Int>()
    var received: [Int] = []
    var subscription: Disposable?
  }

  /// Disposing a long chain of single-source operators runs in constant stack (the holders of
  /// the upstream subscriptions are disposed in a loop, the sinks are released in a loop).
  /// Subscribing still recurses once per operator, so the chain is built and subscribed on a
  /// thread with a large stack, and disposed on an ordinary one. 20,000 levels overflow the
  /// ordinary stack when disposal recurses. Under a sanitizer (where allocation counting is off)
  /// the chain is 1,000 levels: delivering an element through it recurses once per operator, and
  /// ThreadSanitizer's own shadow call stack cannot hold 20,000 levels (its runtime crashed and then
  /// hung in its report handler); the plain `swift test` run checks the depth.
  @Test(arguments: [false, true]) func disposingALongChain(mixed: Bool) {
    let depth = allocationCountingIsActive ? 20_000 : 1_000
    let state = ChainSubscription()
    withWatchdog(stackSize: 1 << 30) { () -> Bool in
      var chain = state.subject.asObservable()
      for level in 0..<depth {
        switch mixed ? level % 4 : 0 {
        case 0: chain = chain.map { $0 + 1 }
        case 1: chain = chain.filter { _ in true }
        case 2: chain = chain.scan(0) { _, value in value }
        default: chain = chain.take(10)
        }
      }
      state.subscription = chain.subscribe(onNext: { state.received.append($0) })
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
    #expect(state.received == [mixed ? depth / 4 : depth])
    #expect(!state.subject.hasObservers)
  }
}
