import AllocationCounter
import Foundation
import ReactiveMVI
import TestSupport
import Testing

/// `PersistentArray` behaves as `Array` does (checked against an `Array` model under seeded random
/// edits), keeps value semantics between copies, and copies O(log n) storage per change of a copy.
struct PersistentArrayTests {
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomEditsMatchArray(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var model: [Int] = []
    var array = PersistentArray<Int>()
    var snapshots: [([Int], PersistentArray<Int>)] = []
    var next = 0
    for step in 0..<4_000 {
      next += 1
      let operation = Int.random(in: 0..<100, using: &random)
      switch operation {
      case 0..<35:
        model.append(next)
        array.append(next)
      case 35..<55:
        let index = Int.random(in: 0...model.count, using: &random)
        model.insert(next, at: index)
        array.insert(next, at: index)
      case 55..<70 where !model.isEmpty:
        let index = Int.random(in: 0..<model.count, using: &random)
        #expect(model.remove(at: index) == array.remove(at: index), "seed \(seed) step \(step)")
      case 70..<85 where !model.isEmpty:
        let index = Int.random(in: 0..<model.count, using: &random)
        model[index] = -next
        array[index] = -next
      case 85..<90 where !model.isEmpty:
        let index = Int.random(in: 0..<model.count, using: &random)
        model[index] += 7
        array[index] += 7
      case 90..<93:
        let lower = Int.random(in: 0...model.count, using: &random)
        let upper = Int.random(in: lower...model.count, using: &random)
        let inserted = (0..<Int.random(in: 0..<40, using: &random)).map { next * 100 + $0 }
        model.replaceSubrange(lower..<upper, with: inserted)
        array.replaceSubrange(lower..<upper, with: inserted)
      case 93..<95:
        let divisor = Int.random(in: 2...9, using: &random)
        model.removeAll { $0 % divisor == 0 }
        array.removeAll { $0 % divisor == 0 }
      case 95..<99:
        snapshots.append((model, array))
      default:
        #expect(Array(array) == model, "seed \(seed) step \(step)")
      }
      #expect(array.count == model.count, "seed \(seed) step \(step)")
    }
    #expect(Array(array) == model, "seed \(seed)")
    #expect(array.indices.map { array[$0] } == model, "seed \(seed)")
    // Every copy taken along the way still holds what it held: changes never reach a copy.
    for (expected, copy) in snapshots {
      #expect(Array(copy) == expected, "seed \(seed)")
      // Equality walks only where the trees differ, and agrees with Array's.
      #expect((copy == array) == (expected == model), "seed \(seed)")
      #expect(copy == PersistentArray(expected), "seed \(seed)")
    }
  }

  @Test func largeArraysBuildIterateAndShrink() {
    let count = 100_000
    var array = PersistentArray(0..<count)
    #expect(array.count == count)
    #expect(array.elementsEqual(0..<count))
    #expect(array[count - 1] == count - 1 && array[12_345] == 12_345)
    for value in ((count - 10)..<count).reversed() { #expect(array.removeLast() == value) }
    for _ in 0..<(count / 2) { array.removeFirst() }
    #expect(array.elementsEqual((count / 2)..<(count - 10)))
    array.removeAll()
    #expect(array.isEmpty && Array(array) == [])
    array.append(1)
    #expect(array == [1])
  }

  /// An element that counts how often it is compared.
  struct Counted: Equatable {
    static let comparisons = Comparisons()
    var value: Int
    static func == (lhs: Counted, rhs: Counted) -> Bool {
      comparisons.count += 1
      return lhs.value == rhs.value
    }
  }

  final class Comparisons: @unchecked Sendable {
    var count = 0
  }

  @Test func equalityComparesOnlyWhereTheTreesDiffer() {
    let original = PersistentArray((0..<100_000).map { Counted(value: $0) })
    var changed = original
    changed[77_777].value = -1
    var same = original
    same[12_345].value = 12_345
    Counted.comparisons.count = 0
    #expect(original != changed)
    #expect(original == same)
    // One leaf each (at most 16 elements): the shared rest of the tree is equal by identity.
    #expect(Counted.comparisons.count <= 2 * PersistentArray<Counted>.nodeCapacity)
    // Trees of other shapes holding the same elements are still equal.
    var reshaped = PersistentArray<Counted>()
    for value in 0..<100_000 { reshaped.insert(Counted(value: value), at: reshaped.count) }
    reshaped.insert(Counted(value: 0), at: 500)
    reshaped.remove(at: 500)
    #expect(reshaped == original)
  }

  @Test func conformancesMatchArray() throws {
    let array: PersistentArray = ["a", "b", "c"]
    #expect(array.description == ["a", "b", "c"].description)
    #expect(array.debugDescription == #"PersistentArray(["a", "b", "c"])"#)
    #expect(array == PersistentArray(["a", "b", "c"]))
    #expect(array != PersistentArray(["a", "b"]))
    #expect(Set([array, PersistentArray(["a", "b", "c"])]).count == 1)
    let json = try JSONEncoder().encode(array)
    #expect(String(decoding: json, as: UTF8.self) == #"["a","b","c"]"#)
    #expect(try JSONDecoder().decode(PersistentArray<String>.self, from: json) == array)
    #expect(Array(array[1..<3]) == ["b", "c"])
    var sliced = array
    sliced.replaceSubrange(0..<2, with: ["x"])
    sliced[1..<1] = array[2..<3]
    #expect(sliced == ["x", "c", "c"])
    sliced.removeLast()
    #expect(sliced == ["x", "c"] && array == ["a", "b", "c"])
    #expect(array.reversed() == ["c", "b", "a"])
  }

  @Test func decodingAWrongShapeThrows() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(PersistentArray<Int>.self, from: Data(#"{"a": 1}"#.utf8))
    }
  }
}

/// Changing one element of a copy copies the nodes on its path, not storage in proportion to the
/// count: the bytes allocated per change grow with the depth of the tree. Measured in bytes
/// requested from malloc (a copied `Array` of rows is a single allocation of all of them). Off
/// under sanitizers, which own malloc.
@Suite(
  .enabled(if: allocation_counter_is_active() != 0, "allocation counting is off under sanitizers"))
struct PersistentArrayCostTests {
  struct Row: Equatable, Sendable {
    var id: Int
    var title: String
    var done = false
  }

  static func rows(_ count: Int) -> [Row] {
    (0..<count).map { Row(id: $0, title: "Row number \($0)") }
  }

  /// Bytes allocated per toggle of one row in a copy that is kept, as a subscriber keeps the last
  /// published state.
  func bytesPerToggle<Rows: MutableCollection<Row>>(_ rows: Rows, rounds: Int = 200) -> Double
  where Rows.Index == Int {
    var current = rows
    var kept = current
    let before = allocation_counter_thread_bytes()
    for round in 0..<rounds {
      current[(round &* 7_919) % rows.count].done.toggle()
      kept = current
    }
    let bytes = allocation_counter_thread_bytes() - before
    #expect(kept.elementsEqual(current))
    return Double(bytes) / Double(rounds)
  }

  @Test func aChangeOfACopyCostsTheDepthOfTheTree() {
    let thousand = bytesPerToggle(PersistentArray(Self.rows(1_000)))
    let large = bytesPerToggle(PersistentArray(Self.rows(100_000)))
    // 1,000 rows are three levels deep, 100,000 five.
    #expect(
      large <= 2 * thousand, "\(large) bytes per toggle at 100,000 rows, \(thousand) at 1,000")
    // The same toggles on an Array copy every row: the measure tells the two apart.
    let array = bytesPerToggle(Self.rows(1_000))
    #expect(array >= 1_000 * Double(MemoryLayout<Row>.stride))
  }

  /// The rows feature of Docs/Store.md: a reducer that copies the state and toggles one row.
  struct Rows: Feature {
    struct State: Equatable, Sendable { var rows: PersistentArray<Row> }
    enum Intent: Sendable { case toggle(Int) }

    func reduce(_ state: State, _ intent: Intent) -> State {
      var state = state
      switch intent {
      case .toggle(let index): state.rows[index].done.toggle()
      }
      return state
    }
  }

  /// Bytes allocated per `toggle` intent of a store with a `states` subscriber that keeps the
  /// last state it received.
  func bytesPerIntent(rows: Int, intents: Int = 200) -> Double {
    let store = Store(
      initialState: Rows.State(rows: PersistentArray(Self.rows(rows))), feature: Rows())
    let last = LastState()
    let subscription = store.states.subscribe(onNext: { last.state = $0 })
    store.send(.toggle(0))
    let before = allocation_counter_thread_bytes()
    for intent in 0..<intents { store.send(.toggle((intent &* 7_919) % rows)) }
    let bytes = allocation_counter_thread_bytes() - before
    subscription.dispose()
    #expect(last.state == store.state)
    return Double(bytes) / Double(intents)
  }

  /// Kept by the subscriber: every published state stays alive until the next one arrives.
  final class LastState: @unchecked Sendable {
    var state: Rows.State?
  }

  @Test func aStoreIntentCostGrowsWithTheDepthOfTheList() {
    // 1,000 rows are three levels deep, 100,000 five: a hundred times the rows, at most twice
    // the bytes (an Array of rows would copy a hundred times as many).
    let small = bytesPerIntent(rows: 1_000)
    let large = bytesPerIntent(rows: 100_000)
    #expect(large <= 2 * small, "\(large) bytes per intent at 100,000 rows, \(small) at 1,000")
  }
}
