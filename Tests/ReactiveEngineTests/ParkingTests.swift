// The core's waits block (`Parking`): each test parks a waiter at one blocking site, checks that it
// recorded itself where the party it waits for looks, and lets that party end the wait. A wake
// that went to the wrong place, or was never sent, leaves the waiter asleep: the test's deadline
// fails it instead of hanging.

import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owners with stable addresses, as the core keeps its barriers and drainers in objects.
private final class BarrierOwner: @unchecked Sendable {  // atomics
  let barrier = DisposeBarrier()
  /// Whether the callback between `enter()` and `leave()` runs.
  let running = Atomic<Bool>(false)
}

private final class DrainerOwner: @unchecked Sendable {  // the drainer arbitrates itself
  let drainer = Drainer<Int>()
}

@Suite(.onOwnThread) struct ParkingTests {
  @Test func aWriterParkedOnTheWriterLockIsWokenByTheUnlock() {
    let state = PublishedState(0)
    state.lockWriters()
    let published = DispatchSemaphore(value: 0)
    startThread {
      state.lockWriters()
      state.publish(1)
      state.unlockWriters()
      published.signal()
    }
    // "Held, a writer waits": the other writer is parked, or about to park.
    #expect(eventually { state.writing.load(ordering: .relaxed) == 2 })
    state.unlockWriters()
    #expect(wait(for: published))
    #expect(state.read() == 1)
  }

  @Test func aWriterParkedOnAReaderIsWokenWhenTheReaderLeaves() {
    let state = PublishedState(0)
    state.publish(1)
    let slot = state.startReading()  // holds the latest slot (1)
    state.publish(2)  // the other slot
    let published = DispatchSemaphore(value: 0)
    startThread {
      state.publish(3)  // reuses the slot being read: waits for the reader
      published.signal()
    }
    #expect(
      eventually {
        state.readers.load(ordering: .relaxed) & PublishedState<Int>.writerParked != 0
      })
    #expect(state.slots[slot] == 1, "a slot being read is never overwritten")
    state.stopReading(slot)
    #expect(wait(for: published))
    #expect(state.read() == 3)
    #expect(state.readers.load(ordering: .relaxed) == 0, "the writer clears its record")
  }

  @Test func aDisposeParkedOnACallbackIsWokenWhenTheCallbackLeaves() {
    let owner = BarrierOwner()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    startThread {
      guard owner.barrier.enter() else { return }
      owner.running.store(true, ordering: .relaxed)
      entered.signal()
      release.wait()
      owner.running.store(false, ordering: .relaxed)
      _ = owner.barrier.leave()
    }
    #expect(wait(for: entered))
    let closed = DispatchSemaphore(value: 0)
    let seen = Shared<(DisposeBarrier.Closing, Bool)?>(nil)
    startThread {
      var old = 0
      let closing = owner.barrier.close(old: &old)
      seen.value = (closing, owner.running.load(ordering: .relaxed))
      closed.signal()
    }
    #expect(
      eventually {
        owner.barrier.bits.load(ordering: .relaxed) & DisposeBarrier.closerParked != 0
      })
    release.signal()
    #expect(wait(for: closed))
    #expect(seen.value?.0 == .releaseNow)
    #expect(seen.value?.1 == false, "dispose() returned after the callback")
    #expect(owner.barrier.bits.load(ordering: .relaxed) == DisposeBarrier.closed)
  }

  @Test func aCloserParkedOnATurnIsWokenWhenTheTurnEnds() {
    let owner = DrainerOwner()
    guard let role = owner.drainer.tryEnter() else {
      Issue.record("an idle drainer lets the first entrant in")
      return
    }
    let closed = DispatchSemaphore(value: 0)
    startThread {
      owner.drainer.closeAndWaitForTurn()
      closed.signal()
    }
    #expect(
      eventually {
        owner.drainer.state.load(ordering: .relaxed) & DrainerBits.turnAwaited != 0
      })
    owner.drainer.leave(role) { _, _ in }
    #expect(wait(for: closed))
    #expect(owner.drainer.state.load(ordering: .relaxed) == DrainerBits.closed)
  }

  @Test func aProducerParkedOnAFullBacklogIsWokenOnceTheDrainerCatchesUp() {
    let owner = DrainerOwner()
    guard let role = owner.drainer.tryEnter() else {
      Issue.record("an idle drainer lets the first entrant in")
      return
    }
    for item in 0...Drainer<Int>.backlogLimit {
      if let taken = owner.drainer.enter(orEnqueue: item) {
        owner.drainer.leave(taken) { _, _ in }
        Issue.record("a held drainer queues")
      }
    }
    let returned = DispatchSemaphore(value: 0)
    startThread {
      owner.drainer.send(-1) { _, _ in }  // one over the limit: blocks
      returned.signal()
    }
    #expect(eventually { owner.drainer.blockedProducerCount == 1 })
    var handled = 0
    var returnedWhileDraining = false
    owner.drainer.leave(role) { item, _ in
      handled += 1
      // Two items taken: the queue is at the limit, so the producer is woken now, not when the
      // turn ends.
      if item == 2 { returnedWhileDraining = wait(for: returned) }
    }
    #expect(returnedWhileDraining)
    #expect(handled == Drainer<Int>.backlogLimit + 2)
  }
}

/// The same waits raced by seeded threads: every waiter must be woken (the threads are joined with
/// a deadline) and what it waited for must hold.
@Suite(.stress, .onOwnThread) struct ParkingStressTests {
  static let rounds = isUnderThreadSanitizer ? 3 : 20

  @Test func writersTakeTurnsOnTheWriterLock() {
    for round in 0..<Self.rounds {
      let state = PublishedState(0)
      let inside = Atomic<Bool>(false)
      let overlaps = Atomic<Int>(0)
      let group = ThreadGroup()
      let perThread = 300
      for thread in 0..<4 {
        group.spawn(name: "writer \(thread)") {
          var generator = adversarialGenerator(round: round, thread: thread)
          for _ in 0..<perThread {
            state.lockWriters()
            if inside.exchange(true, ordering: .relaxed) { overlaps.add(1, ordering: .relaxed) }
            // Sometimes longer than the spin: the others park.
            generator.pause(upTo: generator.oneIn(8) ? 40 : 2)
            inside.store(false, ordering: .relaxed)
            state.publish(state.latest + 1)
            state.unlockWriters()
          }
        }
      }
      #expect(group.join(), "writers deadlocked: \(seedNote(round))")
      #expect(overlaps.load(ordering: .relaxed) == 0, "\(seedNote(round))")
      #expect(state.read() == 4 * perThread, "\(seedNote(round))")
    }
  }

  @Test func aWriterNeverOverwritesASlotBeingRead() {
    for round in 0..<Self.rounds {
      let state = PublishedState(0)
      let torn = Atomic<Int>(0)
      let done = Atomic<Bool>(false)
      let group = ThreadGroup()
      let writes = 2_000
      group.spawn(name: "writer") {
        for value in 1...writes { state.publish(value) }
        done.store(true, ordering: .releasing)
      }
      for thread in 1...3 {
        group.spawn(name: "reader \(thread)") {
          var generator = adversarialGenerator(round: round, thread: thread)
          while !done.load(ordering: .acquiring) {
            let slot = state.startReading()
            let before = state.slots[slot]
            generator.pause(upTo: generator.oneIn(4) ? 40 : 2)
            if state.slots[slot] != before { torn.add(1, ordering: .relaxed) }
            state.stopReading(slot)
          }
        }
      }
      #expect(group.join(), "writer and readers deadlocked: \(seedNote(round))")
      #expect(torn.load(ordering: .relaxed) == 0, "\(seedNote(round))")
      #expect(state.read() == writes, "\(seedNote(round))")
      #expect(state.readers.load(ordering: .relaxed) == 0, "\(seedNote(round))")
    }
  }

  @Test func disposeReturnsOnlyAfterACallbackOnAnotherThread() {
    for round in 0..<Self.rounds {
      let count = 500
      let owners = (0..<count).map { _ in BarrierOwner() }
      let early = Atomic<Int>(0)
      let group = ThreadGroup()
      group.spawn(name: "runner") {
        var generator = adversarialGenerator(round: round, thread: 0)
        for index in 0..<count {
          guard owners[index].barrier.enter() else { continue }
          owners[index].running.store(true, ordering: .relaxed)
          generator.pause(upTo: generator.oneIn(4) ? 40 : 4)
          owners[index].running.store(false, ordering: .relaxed)
          _ = owners[index].barrier.leave()
        }
      }
      group.spawn(name: "closer") {
        var generator = adversarialGenerator(round: round, thread: 1)
        for index in 0..<count {
          generator.pause(upTo: 6)
          var old = 0
          let closing = owners[index].barrier.close(old: &old)
          if closing != .releaseNow || owners[index].running.load(ordering: .relaxed) {
            early.add(1, ordering: .relaxed)
          }
        }
      }
      #expect(group.join(), "a closer was never woken: \(seedNote(round))")
      #expect(early.load(ordering: .relaxed) == 0, "\(seedNote(round))")
    }
  }

  @Test func producersBlockedOnAFullBacklogAndClosersAreWoken() {
    for round in 0..<Self.rounds {
      let owner = DrainerOwner()
      let handled = Atomic<Int>(0)
      let handledAfterClose = Atomic<Int>(-1)
      let closes = round.isMultiple(of: 2)
      let group = ThreadGroup()
      let producers = 3
      let perProducer = 3_000
      for thread in 0..<producers {
        group.spawn(name: "producer \(thread)") {
          var generator = adversarialGenerator(round: round, thread: thread)
          for item in 0..<perProducer {
            owner.drainer.send(item) { _, _ in
              handled.add(1, ordering: .relaxed)
              // A slow handler now and then: the backlog fills and producers park.
              if generator.oneIn(500) { generator.pause(upTo: 200) }
            }
          }
        }
      }
      if closes {
        group.spawn(name: "closer") {
          var generator = adversarialGenerator(round: round, thread: producers)
          while handled.load(ordering: .relaxed) < perProducer && !generator.oneIn(100_000) {
            sched_yield()
          }
          owner.drainer.closeAndWaitForTurn()
          handledAfterClose.store(handled.load(ordering: .relaxed), ordering: .relaxed)
        }
      }
      #expect(group.join(), "a producer or the closer was never woken: \(seedNote(round))")
      let total = handled.load(ordering: .relaxed)
      if closes {
        #expect(
          total == handledAfterClose.load(ordering: .relaxed),
          "nothing is handled once closeAndWaitForTurn() returned: \(seedNote(round))")
      } else {
        #expect(total == producers * perProducer, "\(seedNote(round))")
      }
      #expect(owner.drainer.blockedProducerCount == 0, "\(seedNote(round))")
    }
  }
}
