// The backlog bound for producers that are themselves delivering: only a send into the drainer
// the thread already holds (or one that would close a cycle of waits) skips the bound.

import Dispatch
import ReactiveEngine
import Synchronization
import TestSupport
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct DrainerBacklogTests {
  /// `source.bind(to: relay)` fed from a background thread while a slow subscriber holds the
  /// relay: the binding thread delivers inside `source`'s turn, yet it must wait for the relay
  /// like any producer, so the relay's queue stays at the limit.
  ///
  /// The slow subscriber is the test's thread: its first delivery waits until the producer is
  /// blocked by the relay's bound (or, if it never blocks, has sent everything), so the largest
  /// queue is reached before anything drains: deterministic.
  @Test func bindingFromAnotherDeliveryHonoursTheRelaysBound() {
    let limit = Drainer<Int>.backlogLimit
    let items = 4 * limit
    let source = PublishRelay<Int>()
    let relay = PublishRelay<Int>()
    let binding = source.bind(to: relay)
    let produced = Atomic<Bool>(false)
    let maxQueued = Atomic<Int>(0)
    nonisolated(unsafe) var received: [Int] = []
    let producer = DispatchGroup()
    let subscription = relay.subscribe(onNext: { value in
      maxQueued.max(relay.hub.drainer.queuedCount, ordering: .relaxed)
      guard value < 0 else {
        received.append(value)
        return
      }
      spawn(in: producer) {
        for value in 0..<items { source.accept(value) }
        produced.store(true, ordering: .releasing)
      }
      let blocked = eventually {
        relay.hub.drainer.blockedProducerCount > 0 || produced.load(ordering: .acquiring)
      }
      #expect(blocked)
      maxQueued.max(relay.hub.drainer.queuedCount, ordering: .relaxed)
    })
    relay.accept(-1)
    #expect(wait(for: producer, timeout: heavyDeadline))
    #expect(received == Array(0..<items))
    // One item above the limit: the blocked producer's own.
    #expect(maxQueued.load(ordering: .relaxed) <= limit + 1)
    subscription.dispose()
    binding.dispose()
  }

  /// Two relays whose subscribers flood each other: thread X holds A and sends into B, thread Y
  /// holds B and sends into A, both far beyond the limit. Each may block on the other's bound,
  /// but not both: the second to wait would close a cycle (`DrainerWaits`) and goes on instead,
  /// so both turns end and every item is delivered.
  @Test func twoHoldersFloodingEachOtherDoNotDeadlock() {
    let limit = Drainer<Int>.backlogLimit
    let flood = 3 * limit
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let sideA = FloodingSide()
    let sideB = FloodingSide()
    let subscriptionA = a.subscribe(onNext: sideA.onNext(into: b, flood: flood, other: sideB))
    let subscriptionB = b.subscribe(onNext: sideB.onNext(into: a, flood: flood, other: sideA))
    let finished = withWatchdog(timeout: .seconds(60)) { () -> Bool in
      let group = DispatchGroup()
      spawn(in: group) { a.accept(-1) }
      spawn(in: group) { b.accept(-1) }
      group.wait()
      return true
    }
    #expect(finished == true)
    #expect(sideA.received.load(ordering: .relaxed) == flood)
    #expect(sideB.received.load(ordering: .relaxed) == flood)
    subscriptionA.dispose()
    subscriptionB.dispose()
  }

  /// Many threads feed two relays whose subscribers forward each element to the other relay a
  /// few times (A → B → A …): every thread is at times a holder sending into the other relay over
  /// its bound. Everything arrives; nothing deadlocks.
  @Test func aCycleOfRelaysFedFromManyThreadsDoesNotDeadlock() {
    let threads = 4
    let perThread = 3_000
    let hops = 3
    let a = PublishRelay<Int>()
    let b = PublishRelay<Int>()
    let delivered = Atomic<Int>(0)
    let subscriptionA = a.subscribe(onNext: { hopsLeft in
      delivered.add(1, ordering: .relaxed)
      if hopsLeft > 0 { b.accept(hopsLeft - 1) }
    })
    let subscriptionB = b.subscribe(onNext: { hopsLeft in
      delivered.add(1, ordering: .relaxed)
      if hopsLeft > 0 { a.accept(hopsLeft - 1) }
    })
    let finished = withWatchdog(timeout: .seconds(120)) { () -> Bool in
      let group = DispatchGroup()
      for thread in 0..<threads {
        spawn(in: group) {
          let relay = thread.isMultiple(of: 2) ? a : b
          for _ in 0..<perThread { relay.accept(hops) }
        }
      }
      group.wait()
      return true
    }
    #expect(finished == true)
    #expect(delivered.load(ordering: .relaxed) == threads * perThread * (hops + 1))
    subscriptionA.dispose()
    subscriptionB.dispose()
  }
}

/// One relay's subscriber in `twoHoldersFloodingEachOtherDoNotDeadlock`: on the negative start
/// element it announces that it holds its relay, waits until the other side holds its own, then
/// sends `flood` elements into the other relay; other elements are counted.
private final class FloodingSide: Sendable {
  let inside = Atomic<Bool>(false)
  let received = Atomic<Int>(0)

  func onNext(into target: PublishRelay<Int>, flood: Int, other: FloodingSide)
    -> @Sendable (Int) -> Void
  {
    { [self] value in
      guard value < 0 else {
        received.add(1, ordering: .relaxed)
        return
      }
      inside.store(true, ordering: .releasing)
      _ = eventually { other.inside.load(ordering: .acquiring) }
      for value in 0..<flood { target.accept(value) }
    }
  }
}
