// Disposing a multi-source operator from one thread while others deliver through its drainer.
// Only the thread holding the drainer role may touch its queue: a disposer that cleared it from
// outside left a holder that had already counted an item popping an empty queue (a trap in a
// debug build, a negative count and a hang in a release one).

import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a new thread inside `group`: not on the dispatch pool, which a few producers
/// that spin until told to stop can exhaust (on Linux it has about one thread per core).
func spawn(in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
  group.enter()
  startThread(stackSize: 1 << 20) {
    body()
    group.leave()
  }
}

/// Rounds of: `producers` threads accepting into their own relay as fast as they can, a
/// subscriber to `make(relays)`, and a `dispose()` from the test's thread at a seeded random
/// point (after a random number of received elements, then a random spin). Every round must end
/// (no trap, no hang), and nothing may reach the subscriber once its `dispose()` returned.
private func disposeRace(
  _ name: String, rounds: Int = isUnderThreadSanitizer ? 30 : 300, producers: Int = 3,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ make: @escaping @Sendable ([PublishRelay<Int>]) -> Observable<Int>
) {
  // The run's one seed (`REACTIVE_TEST_SEED`, else a fixed default), as every seeded suite.
  print("\(name): \(rounds) rounds, \(seedNote())")
  var random = SeededGenerator(seed: adversarialSeed)
  // Per round: how many elements to wait for, then how long to spin, before disposing.
  let points = (0..<rounds).map { _ in
    (
      wanted: Int.random(in: 0..<64, using: &random),
      spins: Int.random(in: 0..<2_000, using: &random)
    )
  }
  let finished = withWatchdog(sourceLocation: sourceLocation) {
    () -> Int in
    var lateDeliveries = 0
    for (wanted, spins) in points {
      let relays = (0..<producers).map { _ in PublishRelay<Int>() }
      let received = Atomic<Int>(0)
      let disposed = Atomic<Bool>(false)
      let late = Atomic<Int>(0)
      let subscription = make(relays).subscribe(onNext: { _ in
        if disposed.load(ordering: .acquiring) { late.add(1, ordering: .relaxed) }
        received.add(1, ordering: .relaxed)
      })
      let stop = Atomic<Bool>(false)
      let group = DispatchGroup()
      for relay in relays {
        spawn(in: group) {
          var value = 0
          while !stop.load(ordering: .relaxed) {
            relay.accept(value)
            value += 1
          }
        }
      }
      _ = eventually { received.load(ordering: .relaxed) >= wanted }
      for _ in 0..<spins { _ = received.load(ordering: .relaxed) }
      subscription.dispose()
      disposed.store(true, ordering: .releasing)
      stop.store(true, ordering: .relaxed)
      group.wait()
      lateDeliveries += late.load(ordering: .relaxed)
    }
    return lateDeliveries
  }
  #expect(finished == 0, "\(seedNote())", sourceLocation: sourceLocation)
}

/// Each multi-source operator's dispose under load (see `disposeRace`), in a debug build where
/// popping an empty queue traps.
@Suite(.stress, .onOwnThread, .serialized) struct DrainerDisposeRaceTests {
  @Test func disposingMergeWhileThreadsDeliver() {
    disposeRace("merge") { relays in Observable.merge(relays.map { $0.asObservable() }) }
  }

  @Test func disposingFlatMapWhileThreadsDeliver() {
    disposeRace("flatMap") { relays in
      Observable.from([0, 1, 2]).flatMap { relays[$0].asObservable() }
    }
  }

  /// Each outer element switches to a new inner `merge` of a synchronous element and a relay fed
  /// by another thread: the switch disposes the previous inner while that thread delivers through
  /// it, and the inners' elements race the outer's thread into the switch sink.
  @Test func disposingFlatMapLatestWhileThreadsDeliver() {
    disposeRace("flatMapLatest") { relays in
      relays[0].asObservable().flatMapLatest { value in
        Observable.merge(
          Observable.just(value), relays[1].asObservable(), relays[2].asObservable())
      }
    }
  }

  @Test func disposingWithLatestFromWhileThreadsDeliver() {
    disposeRace("withLatestFrom") { relays in
      Observable.merge(relays[0].asObservable(), relays[1].asObservable())
        .withLatestFrom(relays[2].asObservable()) { first, second in first &+ second }
    }
  }

  /// The time operators' `Serializer` (here through `skip(until:)`, whose source and trigger
  /// events arrive on different threads).
  @Test func disposingASerializedOperatorWhileThreadsDeliver() {
    disposeRace("skip(until:)") { relays in
      Observable.merge(relays[0].asObservable(), relays[1].asObservable())
        .skip(until: relays[2].asObservable())
    }
  }
}
