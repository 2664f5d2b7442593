import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

/// A queue with its state word, as a sink owns them (the lock is left out: one thread here).
private final class Owner<Item> {
  var queue = DeliveryQueue<Item>()
  let state = Atomic<Int>(0)

  func enter(_ item: Item) -> Item? { queue.enter(item, state) }
  func next() -> Item? { queue.next(state) }
  func leaveIfIdle() -> Bool { DeliveryQueue<Item>.leaveIfIdle(state) }
  func removeAll() { queue.removeAll(state) }
  var word: Int { state.load(ordering: .relaxed) }
}

/// The serial-delivery queue of the multi-source sinks and its state word (drainer bit plus
/// queued count), and `Serializer`, which is built on it.
@Suite struct DeliveryQueueTests {
  let draining = DeliveryQueue<Int>.draining
  let queuedOne = DeliveryQueue<Int>.queuedOne

  @Test func theFirstEntrantDrainsAndLaterOnesQueueInOrder() {
    let owner = Owner<Int>()
    #expect(owner.enter(1) == 1)
    #expect(owner.word == draining)
    #expect(owner.enter(2) == nil)
    #expect(owner.enter(3) == nil)
    #expect(owner.word == draining + 2 * queuedOne)
    // Something is queued: the drainer cannot leave without taking it.
    #expect(!owner.leaveIfIdle())
    #expect(owner.next() == 2)
    #expect(owner.next() == 3)
    #expect(owner.word == draining)
    #expect(owner.leaveIfIdle())
    #expect(owner.word == 0)
    // Idle again: the next entrant becomes the drainer.
    #expect(owner.enter(4) == 4)
  }

  @Test func nextOnAnEmptyQueueReleasesTheDrainerRole() {
    let owner = Owner<String>()
    #expect(owner.enter("a") == "a")
    #expect(owner.next() == nil)
    #expect(owner.word == 0)
  }

  @Test func removeAllKeepsTheCountInStep() {
    let owner = Owner<Int>()
    _ = owner.enter(1)
    _ = owner.enter(2)
    _ = owner.enter(3)
    owner.removeAll()
    #expect(owner.word == draining)
    #expect(owner.leaveIfIdle())
  }

  @Test func serializerRunsOneItemAtATimeAndLosesNothing() {
    let threads = 4
    let perThread = 20_000
    let running = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let seen = Locked([Int](repeating: -1, count: threads))
    let outOfOrder = Atomic<Int>(0)
    let total = Atomic<Int>(0)
    let serializer = Serializer<(thread: Int, value: Int)> { item in
      if running.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
      let inOrder = seen.withLock { seen in
        defer { seen[item.thread] = item.value }
        return seen[item.thread] == item.value - 1
      }
      if !inOrder { outOfOrder.add(1, ordering: .relaxed) }
      total.add(1, ordering: .relaxed)
      running.store(false, ordering: .releasing)
    }
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for value in 0..<perThread { serializer.submit((thread, value)) }
    }
    #expect(total.load(ordering: .relaxed) == threads * perThread)
    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(outOfOrder.load(ordering: .relaxed) == 0)
  }

  @Test func serializerQueuesReentrantSubmissions() {
    var order: [String] = []
    nonisolated(unsafe) var serializer: Serializer<String>!
    serializer = Serializer { item in
      order.append("start \(item)")
      if item == "a" { serializer.submit("b") }
      order.append("end \(item)")
    }
    serializer.submit("a")
    #expect(order == ["start a", "end a", "start b", "end b"])
  }
}
