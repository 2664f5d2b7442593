import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveCore

/// `subscribe(onNext:...)` on an `Observable` whose source takes the subscriber leaf itself
/// (`Observable.downstreamHandler`, see `Downstream`): a relay or subject behind `asObservable()` adopts it as its list
/// entry, and a `combineLatest`/`zip` sink delivers into it inside its drainer turn. The leaf's
/// guarantees (dispose barrier, closures released on disposal) must hold on these paths too.
@Suite(.onOwnThread) struct LeafHandOffTests {
  @Test func aRelayBehindAsObservableAdoptsTheLeafAsItsEntry() {
    let relay = PublishRelay<Int>()
    let seen = Shared<[Int]>([])
    let subscription = relay.asObservable().subscribe(onNext: { value in
      seen.mutate { $0.append(value) }
    })
    #expect(relay.hub.inspectEntries { $0.count } == 1)
    #expect(relay.hub.inspectEntries { $0[0] } === (subscription as AnyObject))
    relay.accept(1)
    subscription.dispose()
    relay.accept(2)
    #expect(seen.value == [1])
    #expect(!relay.hasObservers)
  }

  @Test func subjectsBehindAsObservableReplayAndAdoptTheLeaf() {
    let behavior = BehaviorSubject(value: 1)
    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    replay.onNext(1)
    replay.onNext(2)
    let fromBehavior = Shared<[Int]>([])
    let fromReplay = Shared<[Int]>([])
    let first = behavior.asObservable().subscribe(onNext: { value in
      fromBehavior.mutate { $0.append(value) }
    })
    let second = replay.asObservable().subscribe(onNext: { value in
      fromReplay.mutate { $0.append(value) }
    })
    #expect(behavior.hub.inspectEntries { $0[0] } === (first as AnyObject))
    #expect(replay.hub.inspectEntries { $0[0] } === (second as AnyObject))
    behavior.onNext(2)
    replay.onNext(3)
    first.dispose()
    second.dispose()
    #expect(fromBehavior.value == [1, 2])
    #expect(fromReplay.value == [1, 2, 3])
    #expect(!behavior.hasObservers && !replay.hasObservers)
  }

  /// The two operators whose sink delivers into the leaf: `source1 * 10 + source2`.
  enum Combining: String, CaseIterable, CustomTestStringConvertible {
    case combineLatest, zip

    var testDescription: String { rawValue }

    func combine(_ left: PublishRelay<Int>, _ right: PublishRelay<Int>) -> Observable<Int> {
      switch self {
      case .combineLatest: Observable.combineLatest(left, right) { $0 * 10 + $1 }
      case .zip: Observable.zip(left, right) { $0 * 10 + $1 }
      }
    }
  }

  @Test(arguments: Combining.allCases)
  func disposeFromInsideOnNextStopsDeliveriesAndReleasesTheClosures(operator combining: Combining) {
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    let combined = combining.combine(left, right)
    weak var weakToken: Token?
    let seen = Shared<[Int]>([])
    let disposals = Atomic<Int>(0)
    let subscription = Shared<Disposable?>(nil)
    do {
      let token = Token()
      weakToken = token
      subscription.value = combined.subscribe(
        onNext: { value in
          _ = token
          seen.mutate { $0.append(value) }
          subscription.value?.dispose()
        },
        onDisposed: { disposals.add(1, ordering: .relaxed) })
    }
    left.accept(1)
    right.accept(2)
    left.accept(3)
    right.accept(4)
    #expect(seen.value == [12])
    #expect(weakToken == nil)  // released although the disposable is still held
    #expect(disposals.load(ordering: .relaxed) == 1)
    #expect(!left.hasObservers && !right.hasObservers)
  }

  /// The sink calls the leaf without counting a delivery of its own (its drainer turn counts
  /// one): a `dispose()` from a thread that is not delivering must still wait for the running
  /// `onNext` (one made inside it must not: the test above).
  @Test(arguments: Combining.allCases)
  func disposeFromAnotherThreadWaitsForTheRunningOnNext(operator combining: Combining) {
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    let callback = BlockingCallback()
    let subscription = Shared<Disposable>(
      combining.combine(left, right).subscribe(onNext: { _ in callback.run() }))
    left.accept(1)
    let seen = callback.disposeWhileRunning(
      start: { right.accept(2) }, dispose: { subscription.value.dispose() },
      isClosed: { (subscription.value as? Cancelable)?.isDisposed == true })
    seen.expectTheBarrierHeld()
  }

  @Test func anErrorAndCompletionReachTheLeaf() {
    let left = PublishSubject<Int>()
    let right = PublishSubject<Int>()
    let events = Shared<[String]>([])
    _ = Observable.combineLatest(left, right) { $0 + $1 }.subscribe(
      onNext: { value in events.mutate { $0.append("next \(value)") } },
      onError: { _ in events.mutate { $0.append("error") } },
      onCompleted: { events.mutate { $0.append("completed") } },
      onDisposed: { events.mutate { $0.append("disposed") } })
    left.onNext(1)
    right.onNext(2)
    left.onError(TestError())
    right.onNext(3)
    #expect(events.value == ["next 3", "error", "disposed"])
  }
}

/// An object whose release a test observes with a weak reference.
private final class Token {}
