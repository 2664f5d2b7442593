import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveCore

/// A drainer with a handler, as an owner (`Hub`, `Store`) holds one.
private final class Owner<Item>: @unchecked Sendable {
  // `drainer` arbitrates; `handler` runs on the drainer only.
  let drainer = Drainer<Item>()
  let handler: (Item) -> Void

  init(_ handler: @escaping (Item) -> Void) { self.handler = handler }

  func send(_ item: Item) { drainer.send(item, handler) }
}

/// `Drainer`: the role, the queue, the backlog bound and the hand-off.
@Suite struct DrainerTests {
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
    let observed3 = owner.drainer.tryEnter()
    #expect(observed3)
    owner.drainer.drain(owner.handler)
  }

  @Test func enterOrEnqueueTakesTheRoleOrQueues() {
    let drainer = Drainer<Int>()
    let observed4 = drainer.enterOrEnqueue(1)
    #expect(observed4)
    let observed5 = drainer.tryEnter()
    #expect(!observed5)
    let observed6 = drainer.enterOrEnqueue(2)
    #expect(!observed6)
    let observed7 = drainer.enterOrEnqueue(3)
    #expect(!observed7)
    let observed8 = drainer.queuedCount
    #expect(observed8 == 2)
    var handled: [Int] = []
    drainer.drain { handled.append($0) }
    #expect(handled == [2, 3])
    let observed9 = drainer.queuedCount
    #expect(observed9 == 0)
    let observed10 = drainer.tryEnter()
    #expect(observed10)
    drainer.drain { _ in Issue.record("nothing is queued") }
  }

  @Test func removeAllDropsQueuedItemsAndKeepsTheCount() {
    let drainer = Drainer<Int>()
    let observed11 = drainer.enterOrEnqueue(0)
    #expect(observed11)
    for item in 1...100 {
      let queued = !drainer.enterOrEnqueue(item)
      #expect(queued)
    }
    drainer.removeAll()
    let observed12 = drainer.queuedCount
    #expect(observed12 == 0)
    let observed13 = drainer.queueCapacity
    #expect(observed13 == 0)
    drainer.drain { _ in Issue.record("dropped items are not handled") }
    let observed14 = drainer.tryEnter()
    #expect(observed14)
    drainer.drain { _ in }
  }

  @Test func theQueueGivesMemoryBackAfterABurst() {
    let drainer = Drainer<Int>()
    let observed15 = drainer.enterOrEnqueue(0)
    #expect(observed15)
    for item in 1...100_000 { _ = drainer.enterOrEnqueue(item) }
    let observed16 = drainer.queueCapacity
    #expect(observed16 >= 100_000)
    var total = 0
    drainer.drain { total += $0 }
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
  /// drop a subscription; the producer sends from inside a relay's delivery. While the holder
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
    let relay = PublishRelay<Void>()
    let subscription = relay.subscribe(onNext: {
      var value = 0
      while !stop.load(ordering: .relaxed) {
        owner.send(value)
        started.store(true, ordering: .releasing)
        value += 1
      }
    })
    let producer = DispatchGroup()
    let holder = DispatchGroup()
    DispatchQueue.global().async(group: holder) {
      holderThread.store(DeliveryDepth.word(DeliveryDepth.counter()), ordering: .relaxed)
      owner.send(-1)
      handledWhenReturned.store(handled.load(ordering: .relaxed), ordering: .relaxed)
      holderReturned.store(true, ordering: .releasing)
    }
    _ = eventually { holding.load(ordering: .acquiring) }
    DispatchQueue.global().async(group: producer) { relay.accept(()) }
    // Without the take-over the holder drains for as long as the producer produces.
    #expect(eventually(timeout: .seconds(120)) { holderReturned.load(ordering: .acquiring) })
    let producerWasRunning = !stop.load(ordering: .relaxed)
    #expect(producerWasRunning)
    stop.store(true, ordering: .relaxed)
    #expect(producer.wait(timeout: .now() + .seconds(300)) == .success)
    #expect(holder.wait(timeout: .now() + .seconds(300)) == .success)
    #expect(owner.drainer.queuedCount == 0)
    // The holder left through the take-over, after a long turn.
    #expect(handledWhenReturned.load(ordering: .relaxed) >= Drainer<Int>.backlogLimit)
    subscription.dispose()
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
    #expect(group.wait(timeout: .now() + .seconds(300)) == .success)
    #expect(total.load(ordering: .relaxed) == items + 1)
    #expect(maxQueued.load(ordering: .relaxed) <= limit + 1)
    let counts = handledOn.withLock { $0 }
    #expect(counts[producerThread.load(ordering: .relaxed), default: 0] > 0)
  }
}
