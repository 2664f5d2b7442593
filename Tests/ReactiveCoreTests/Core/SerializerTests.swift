import Dispatch
import ReactiveEngine
import Synchronization
import Testing

@testable import ReactiveCore

/// `Serializer`, the `Drainer` with a fixed handler used by the time operators.
@Suite(.onOwnThread) struct SerializerTests {
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
