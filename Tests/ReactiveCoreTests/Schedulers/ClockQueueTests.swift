import ReactiveCore
import TestSupport
import Testing

/// The queue both virtual-time schedulers run (`VirtualTimeScheduler`, ReactiveTesting's
/// `TestScheduler`): due time first, then the order of insertion; disposed items never come out.
@Suite struct ClockQueueTests {
  /// An item due at `time` whose action does nothing.
  private func item(_ time: Int) -> VirtualClockItem<Int> {
    VirtualClockItem(time: time, countsAsResource: false) { Disposables.create() }
  }

  private func drain(_ queue: inout ClockQueue<Int>, dueBy limit: Int? = nil)
    -> [VirtualClockItem<Int>]
  {
    var popped: [VirtualClockItem<Int>] = []
    while let next = queue.popFirstLive(dueBy: limit) { popped.append(next) }
    return popped
  }

  @Test func equalDueTimesComeOutInInsertionOrder() {
    // Many items over few due times, in a seeded random order: a heap without the insertion
    // tie-break reorders some of them.
    var generator = SeededGenerator(seed: 36)
    var queue = ClockQueue<Int>(isEarlier: <)
    var inserted: [VirtualClockItem<Int>] = []
    for _ in 0..<200 {
      let next = item(Int.random(in: 0..<4, using: &generator))
      inserted.append(next)
      queue.insert(next)
    }
    // Each item as (due time, insertion number), so that a failure reads as a list of pairs.
    let number = Dictionary(
      uniqueKeysWithValues: inserted.enumerated().map { (ObjectIdentifier($1), $0) })
    func pairs(_ items: [VirtualClockItem<Int>]) -> [[Int]] {
      items.map { [$0.time, number[ObjectIdentifier($0)]!] }
    }
    let expected = pairs(inserted).sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    #expect(pairs(queue.liveItemsInOrder) == expected)
    #expect(pairs(drain(&queue)) == expected)
  }

  @Test func aDisposedItemNeverComesOut() {
    var queue = ClockQueue<Int>(isEarlier: <)
    let (first, cancelled, last) = (item(1), item(1), item(2))
    for next in [first, cancelled, last] { queue.insert(next) }
    cancelled.dispose()
    #expect(queue.liveItems.count == 2)
    #expect(drain(&queue).map(ObjectIdentifier.init) == [first, last].map(ObjectIdentifier.init))
  }

  @Test func onlyItemsDueByTheLimitComeOut() {
    var queue = ClockQueue<Int>(isEarlier: <)
    let (early, due, late) = (item(5), item(10), item(11))
    for next in [late, due, early] { queue.insert(next) }
    #expect(drain(&queue, dueBy: 10).map(\.time) == [5, 10])
    #expect(drain(&queue).map(\.time) == [11])
  }

  @Test func anItemTellsWhetherItRanOrWasCancelled() {
    let outcomes = Shared<[String]>([])
    let ran = VirtualClockItem(
      time: 0, countsAsResource: false, done: { outcomes.append("ran: \($0)") }
    ) {
      outcomes.append("action")
      return Disposables.create()
    }
    let cancelled = VirtualClockItem(
      time: 0, countsAsResource: false, done: { outcomes.append("cancelled: \(!$0)") }
    ) {
      outcomes.append("cancelled action")
      return Disposables.create()
    }
    let clock = VirtualClock(name: "ClockQueueTests", now: 0, isEarlier: <)
    _ = clock.schedule(ran)
    _ = clock.schedule(cancelled)
    cancelled.dispose()
    cancelled.dispose()  // told once
    clock.start()
    #expect(outcomes.value == ["cancelled: true", "ran: true", "action"])
  }
}
