// `SubscriberList`, the one subscriber list of hubs and the store: against a plain array, the
// live elements keep their order through any sequence of appends and removals, tombstones never
// outnumber the live elements, and removal costs O(1) amortized.
import ReactiveEngine
import TestSupport
import Testing

/// A listed subscriber (or a tombstone).
private final class Member: SubscriberListElement {
  let id: Int
  var slot = -1
  init(_ id: Int) { self.id = id }
}

@Suite struct SubscriberListTests {
  /// The live members in slot order, skipping tombstones.
  private func live(_ list: borrowing SubscriberList<Member>) -> [Int] {
    list.unsafeElements.filter { $0.slot >= 0 }.map(\.id)
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func aSeededSequenceKeepsTheOrderOfAPlainArray(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let tombstone = Member(-1)
    var list = SubscriberList<Member>()
    var model: [Member] = []
    var nextID = 0
    var removals = 0
    for _ in 0..<5_000 {
      if model.isEmpty || Int.random(in: 0..<10, using: &random) < 5 {
        let member = Member(nextID)
        nextID += 1
        list.append(member)
        model.append(member)
      } else {
        let member = model.remove(at: Int.random(in: 0..<model.count, using: &random))
        list.remove(member) { tombstone }
        removals += 1
        #expect(member.slot == -1)
      }
      #expect(live(list) == model.map(\.id))
      #expect(list.tombstones * 2 <= list.count)
      for (index, member) in list.unsafeElements.enumerated() where member.slot >= 0 {
        #expect(member.slot == index)
      }
    }
    #expect(list.removalWork <= 4 * removals, "\(list.removalWork) for \(removals) removals")
    let taken = list.takeAll()
    #expect(taken.map(\.id) == model.map(\.id))
    #expect(list.isEmpty && list.tombstones == 0)
  }

  @Test func removingTheNewestLeavesNoTombstoneAndAnEmptiedListKeepsNone() {
    let tombstone = Member(-1)
    var list = SubscriberList<Member>()
    let members = (0..<4).map(Member.init)
    for member in members { list.append(member) }
    list.remove(members[1]) { tombstone }
    #expect(list.count == 4 && list.tombstones == 1)
    list.remove(members[3]) { tombstone }
    #expect(list.count == 3 && list.tombstones == 1)
    list.remove(members[2]) { tombstone }
    list.remove(members[0]) { tombstone }
    // Only tombstones were left: the list let them go.
    #expect(list.isEmpty && list.tombstones == 0)
  }

  @Test func removingAnElementNotInTheListChangesNothing() {
    let tombstone = Member(-1)
    var list = SubscriberList<Member>()
    let member = Member(0)
    let stranger = Member(1)
    list.append(member)
    list.remove(stranger) { tombstone }
    list.remove(member) { tombstone }
    list.remove(member) { tombstone }
    #expect(list.isEmpty && list.removalWork == 1)
    // A stale slot (from another list) is not trusted: the identity is checked.
    let other = Member(2)
    list.append(other)
    stranger.slot = 0
    list.remove(stranger) { tombstone }
    #expect(live(list) == [2])
  }
}
