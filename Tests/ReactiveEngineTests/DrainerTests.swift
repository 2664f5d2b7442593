import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveEngine

/// A drainer with a handler, as an owner (`Hub`, `Store`) holds one.
private final class Owner<Item>: @unchecked Sendable {
  // `drainer` arbitrates; `handler` runs on the drainer only.
  let drainer = Drainer<Item>()
  let handler: (Item) -> Void

  init(_ handler: @escaping (Item) -> Void) { self.handler = handler }

  func send(_ item: Item) { drainer.send(item) { item, _ in handler(item) } }
}

/// Whether `role` is `nil` (the item was queued or dropped). A role, unexpected here, is given
/// back at once so that the test goes on.
private func refused(
  _ role: consuming Drainer<Int>.Role?, _ drainer: borrowing Drainer<Int>
) -> Bool {
  guard let role else { return true }
  drainer.leave(role) { _, _ in }
  return false
}

/// `Drainer`: the role, the queue, the backlog bound and the hand-off.
@Suite(.onOwnThread) struct DrainerTests {
  @Test func theFirstEntrantHandlesAndReentrantItemsQueueInOrder() {
    var order: [String] = []
    nonisolated(unsafe) var owner: Owner<String>!
    owner = Owner { item in
      order.append("start \(item)")
      #expect(DeliveryDepth.isDelivering)
      if item == "a" {
        owner.send("b")
        owner.send("c")
        let observed1 = owner.drainer.queuedCount
        #expect(observed1 == 2)
      }
      order.append("end \(item)")
    }
    #expect(!DeliveryDepth.isDelivering)
    owner.send("a")
    #expect(order == ["start a", "end a", "start b", "end b", "start c", "end c"])
    let observed2 = owner.drainer.queuedCount
    #expect(observed2 == 0)
    #expect(!DeliveryDepth.isDelivering)
    // Idle again: the fast path works.
    if let role = owner.drainer.tryEnter() {
      owner.drainer.leave(role) { item, _ in owner.handler(item) }
    } else {
      Issue.record("an idle drainer lets the first entrant in")
    }
  }

  @Test func enterOrEnqueueTakesTheRoleOrQueues() {
    let drainer = Drainer<Int>()
    guard let role = drainer.enter(orEnqueue: 1) else {
      Issue.record("an idle drainer lets the first entrant in")
      return
    }
    let busy = refused(drainer.tryEnter(), drainer)
    #expect(busy)
    let queued2 = refused(drainer.enter(orEnqueue: 2), drainer)
    #expect(queued2)
    let queued3 = refused(drainer.enter(orEnqueue: 3), drainer)
    #expect(queued3)
    let observed8 = drainer.queuedCount
    #expect(observed8 == 2)
    var handled: [Int] = []
    drainer.leave(role) { item, _ in handled.append(item) }
    #expect(handled == [2, 3])
    let observed9 = drainer.queuedCount
    #expect(observed9 == 0)
    if let role = drainer.tryEnter() {
      drainer.leave(role) { _, _ in Issue.record("nothing is queued") }
    } else {
      Issue.record("the drainer is idle again")
    }
  }

  @Test func closingDropsQueuedAndLaterItems() {
    let drainer = Drainer<Int>()
    guard let role = drainer.enter(orEnqueue: 0) else {
      Issue.record("an idle drainer lets the first entrant in")
      return
    }
    for item in 1...100 {
      let queued = refused(drainer.enter(orEnqueue: item), drainer)
      #expect(queued)
    }
    // The holder closes (as a sink stopping from inside its delivery): it drops the queue.
    drainer.close()
    let closed = drainer.isClosed
    #expect(closed)
    drainer.leave(role) { _, _ in Issue.record("dropped items are not handled") }
    let observed12 = drainer.queuedCount
    #expect(observed12 == 0)
    let observed13 = drainer.queueCapacity
    #expect(observed13 == 0)
    // Closed: nobody gets the role, and nothing is queued or handled any more.
    let refusedAfterClosing = refused(drainer.tryEnter(), drainer)
    #expect(refusedAfterClosing)
    drainer.send(101) { _, _ in Issue.record("a closed drainer handles nothing") }
    let observed14 = drainer.queuedCount
    #expect(observed14 == 0)
  }

  @Test func aCloseFromAnotherThreadLeavesTheDroppingToTheHolder() {
    var handled: [Int] = []
    nonisolated(unsafe) var owner: Owner<Int>!
    owner = Owner { item in
      handled.append(item)
      if item == 0 {
        for next in 1...10 { owner.send(next) }
      }
      if item == 3 {
        // A disposal from another thread while this one holds the role: it only marks the
        // drainer closed, and this holder drops the rest before handling anything else.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          owner.drainer.close()
          done.signal()
        }
        done.wait()
        #expect(owner.drainer.queuedCount == 7)
      }
    }
    owner.send(0)
    #expect(handled == [0, 1, 2, 3])
    #expect(owner.drainer.queuedCount == 0)
    #expect(!DeliveryDepth.isDelivering)
  }

  @Test func theQueueGivesMemoryBackAfterABurst() {
    let drainer = Drainer<Int>()
    guard let role = drainer.enter(orEnqueue: 0) else {
      Issue.record("an idle drainer lets the first entrant in")
      return
    }
    for item in 1...100_000 { _ = drainer.enter(orEnqueue: item) }
    let observed16 = drainer.queueCapacity
    #expect(observed16 >= 100_000)
    var total = 0
    drainer.leave(role) { item, _ in total += item }
    #expect(total == 100_000 * 100_001 / 2)
    let observed17 = drainer.queueCapacity
    #expect(observed17 <= FIFO<Int>.minimumShrinkCapacity)
  }

  @Test func concurrentSendersRunOneItemAtATimeInOrderAndLoseNothing() {
    let threads = 4
    let perThread = 20_000
    let running = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let outOfOrder = Atomic<Int>(0)
    let total = Atomic<Int>(0)
    let maxQueued = Atomic<Int>(0)
    nonisolated(unsafe) var seen = [Int](repeating: -1, count: threads)
    nonisolated(unsafe) var owner: Owner<(thread: Int, value: Int)>!
    owner = Owner { item in
      if running.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
      if seen[item.thread] != item.value - 1 { outOfOrder.add(1, ordering: .relaxed) }
      seen[item.thread] = item.value
      total.add(1, ordering: .relaxed)
      maxQueued.max(owner.drainer.queuedCount, ordering: .relaxed)
      running.store(false, ordering: .releasing)
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for value in 0..<perThread { owner.send((thread, value)) }
    }
    #expect(total.load(ordering: .relaxed) == threads * perThread)
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(outOfOrder.load(ordering: .relaxed) == 0)
    // Each producer waits above the limit, so at most one extra item per producer.
    #expect(maxQueued.load(ordering: .relaxed) <= Drainer<Int>.backlogLimit + threads)
  }

  @Test func aReentrantSendNeverWaitsEvenFarAboveTheLimit() {
    let limit = Drainer<Int>.backlogLimit
    var handled = 0
    nonisolated(unsafe) var owner: Owner<Int>!
    owner = Owner { item in
      handled += 1
      if item == 0 {
        for next in 1...(3 * limit) { owner.send(next) }  // would block forever if it waited
        let observed18 = owner.drainer.queuedCount
        #expect(observed18 == 3 * limit)
      }
    }
    owner.send(0)
    #expect(handled == 3 * limit + 1)
  }

  /// "Long turns": a thread holding the role is not kept draining forever by a producer that is
  /// itself delivering (and so never blocks). The holder here is like a `dispose()` that came to
  /// drop a subscription; the producer sends from inside another drainer's turn. While the holder
  /// handles, it waits until the producer has queued another item, so its queue never runs dry
  /// on its own: it can only leave through the take-over, after `backlogLimit` items, and its
  /// `send` must return while the producer is still producing.
  @Test func aDeliveringProducerTakesOverALongTurn() {
    let started = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
    let handled = Atomic<Int>(0)
    let holderReturned = Atomic<Bool>(false)
    let handledWhenReturned = Atomic<Int>(0)
    let holding = Atomic<Bool>(false)
    // The holder's thread, identified by the address of its delivery counter.
    let holderThread = Atomic<UInt>(0)
    nonisolated(unsafe) var owner: Owner<Int>!
    owner = Owner<Int> { item in
      let onHolder =
        DeliveryDepth.word(DeliveryDepth.counter()) == holderThread.load(ordering: .relaxed)
      if item < 0 {
        // The holder's own item: wait until the producer is sending, so the turn goes on.
        holding.store(true, ordering: .releasing)
        _ = eventually { started.load(ordering: .acquiring) }
        return
      }
      handled.add(1, ordering: .relaxed)
      if onHolder {
        _ = eventually { owner.drainer.queuedCount > 0 || stop.load(ordering: .relaxed) }
      }
    }
    // The producer delivers: it sends from inside another drainer's turn.
    let outer = Owner<Void> { _ in
      var value = 0
      while !stop.load(ordering: .relaxed) {
        owner.send(value)
        started.store(true, ordering: .releasing)
        value += 1
      }
    }
    let producer = DispatchGroup()
    let holder = DispatchGroup()
    DispatchQueue.global().async(group: holder) {
      holderThread.store(DeliveryDepth.word(DeliveryDepth.counter()), ordering: .relaxed)
      owner.send(-1)
      handledWhenReturned.store(handled.load(ordering: .relaxed), ordering: .relaxed)
      holderReturned.store(true, ordering: .releasing)
    }
    _ = eventually { holding.load(ordering: .acquiring) }
    DispatchQueue.global().async(group: producer) { outer.send(()) }
    // Without the take-over the holder drains for as long as the producer produces.
    #expect(eventually(timeout: heavyDeadline) { holderReturned.load(ordering: .acquiring) })
    let producerWasRunning = !stop.load(ordering: .relaxed)
    #expect(producerWasRunning)
    stop.store(true, ordering: .relaxed)
    #expect(wait(for: producer, timeout: heavyDeadline))
    #expect(wait(for: holder, timeout: heavyDeadline))
    #expect(owner.drainer.queuedCount == 0)
    // The holder left through the take-over, after a long turn.
    #expect(handledWhenReturned.load(ordering: .relaxed) >= Drainer<Int>.backlogLimit)
  }

  @Test func aBlockedProducerTakesOverFromASlowDrainer() {
    let limit = Drainer<Int>.backlogLimit
    let items = 4 * limit
    let handledOn = Locked([UInt: Int]())
    let total = Atomic<Int>(0)
    let maxQueued = Atomic<Int>(0)
    let drainerThread = Atomic<UInt>(0)
    let producerDone = Atomic<Bool>(false)
    nonisolated(unsafe) var owner: Owner<Int>!
    owner = Owner { item in
      if item == -1 {
        // Hold the role until the producer is blocked above the limit.
        #expect(eventually { owner.drainer.queuedCount > limit })
      }
      let handledHere = handledOn.withLock { counts in
        counts[currentThreadID(), default: 0] += 1
        return counts[currentThreadID()]!
      }
      if currentThreadID() == drainerThread.load(ordering: .relaxed) && handledHere > limit {
        // The drainer's turn has reached the limit: wait (an event, not a time) until the
        // producer, which refills the queue above the limit while it has items left, is blocked,
        // so the hand-off rule must apply when this item returns.
        #expect(
          eventually {
            owner.drainer.blockedProducerCount > 0 || producerDone.load(ordering: .relaxed)
          })
      }
      maxQueued.max(owner.drainer.queuedCount, ordering: .relaxed)
      total.add(1, ordering: .relaxed)
    }
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      drainerThread.store(currentThreadID(), ordering: .relaxed)
      owner.send(-1)
    }
    #expect(eventually { drainerThread.load(ordering: .relaxed) != 0 })
    let producerThread = Atomic<UInt>(0)
    DispatchQueue.global().async(group: group) {
      producerThread.store(currentThreadID(), ordering: .relaxed)
      for item in 0..<items { owner.send(item) }
      producerDone.store(true, ordering: .relaxed)
    }
    #expect(wait(for: group, timeout: heavyDeadline))
    #expect(total.load(ordering: .relaxed) == items + 1)
    #expect(maxQueued.load(ordering: .relaxed) <= limit + 1)
    let counts = handledOn.withLock { $0 }
    #expect(counts[producerThread.load(ordering: .relaxed), default: 0] > 0)
  }
}

/// A drainer's owner whose state is `DrainerOwned`: every item reaches it with the role it is
/// lent, on the fast path and from the queue alike.
private final class CountingOwner: DrainerOwner, @unchecked Sendable {  // drainer-owned state
  let drainer = Drainer<Int>()
  @exclusivity(unchecked) var total = DrainerOwned(0)
  @exclusivity(unchecked) var handled = DrainerOwned<[Int]>([])

  func handle(_ item: Int, _ role: borrowing DrainerRole) {
    total.modify(role) { $0 += item }
    handled.modify(role) { $0.append(item) }
    // Re-entrant items are queued and handled after this one, with the same role lent again.
    if item == 1 { drainer.submit(10, to: self) }
  }

  /// The state, read on the idle drainer.
  func snapshot() -> (Int, [Int]) {
    drainer.withIdleRole(for: self) { role in (total.get(role), handled.read(role) { $0 }) }
  }
}

@Suite(.onOwnThread) struct DrainerOwnedTests {
  @Test func queuedAndDirectItemsReachTheOwnedStateInOrder() {
    let owner = CountingOwner()
    owner.drainer.submit(1, to: owner)
    owner.drainer.submit(2, to: owner)
    let (total, handled) = owner.snapshot()
    #expect(total == 13)
    #expect(handled == [1, 10, 2])
  }

  @Test func itemsFromManyThreadsAreEachCountedOnce() {
    let owner = CountingOwner()
    let threads = 4
    let perThread = 5_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<perThread { owner.drainer.submit(2, to: owner) }
    }
    let (total, handled) = owner.snapshot()
    #expect(total == 2 * threads * perThread)
    #expect(handled.count == threads * perThread)
  }
}
