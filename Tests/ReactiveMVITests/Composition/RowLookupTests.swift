import Dispatch
import ReactiveMVI
import Synchronization
import TestSupport
import Testing

// How `ChildFeatures` finds a row by id: over a `PersistentArray` (an `IDIndexedCollection`)
// through the array's id index, not by a scan of the rows; over either collection, the right row
// whatever happened to the list in between.

/// Counts the comparisons of the ids that share it: how many rows a look-up looked at. Atomic
/// rather than under a `Mutex`, whose lock ThreadSanitizer does not see on Linux (it reports
/// the increments as racing).
final class ComparisonCounter: Sendable {
  private let count = Atomic(0)
  func increment() { count.wrappingAdd(1, ordering: .relaxed) }
  var value: Int { count.load(ordering: .relaxed) }
  func reset() { count.store(0, ordering: .relaxed) }
}

/// A row id that counts its comparisons.
struct CountedID: Hashable, Sendable {
  let value: Int
  let counter: ComparisonCounter

  static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.counter.increment()
    return lhs.value == rhs.value
  }
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// A row of the list tests: a counter with an id of any kind.
struct CounterRow<ID: Hashable & Sendable>: Feature {
  struct State: Equatable, Identifiable, Sendable {
    var id: ID
    var count = 0
  }
  enum Intent: Equatable, Sendable { case increment }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    state.count += 1
    return state
  }
}

/// A row whose id counts its comparisons.
typealias CountedRow = CounterRow<CountedID>

/// A list of counted rows in `Rows` (a `PersistentArray` or an `Array`), with intents that move
/// the rows around.
struct CountedList<
  Rows: RangeReplaceableCollection & MutableCollection & BidirectionalCollection & Equatable
    & Sendable
>:
  Feature
where Rows.Element == CountedRow.State, Rows.Index == Int {
  struct State: Equatable, Sendable { var rows: Rows }
  enum Intent: Equatable, Sendable {
    case row(id: CountedID, CountedRow.Intent)
    case remove(at: Int)
    case insert(CountedRow.State, at: Int)
    case reverse
    case renumber(at: Int, to: CountedID)
  }

  let rows: ChildFeatures<CountedList, CountedRow, CountedID>

  /// The rows embedded by their `Identifiable.id` or, given `id`, by the id at that key path.
  init(id: KeyPath<CountedRow.State, CountedID>? = nil) {
    let row: @Sendable (Intent) -> (CountedID, CountedRow.Intent)? = {
      if case .row(let id, let intent) = $0 { (id, intent) } else { nil }
    }
    rows =
      if let id {
        ChildFeatures(
          CountedRow(), state: \.rows, id: id, intent: row, result: { .row(id: $0, $1) },
          extractResult: row)
      } else {
        ChildFeatures(
          CountedRow(), state: \.rows, intent: row, result: { .row(id: $0, $1) }, extractResult: row
        )
      }
  }

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    rows.handle(intent, state: state) ?? .result(intent)
  }

  func reduce(_ state: State, _ result: Intent) -> State {
    if let state = rows.reduce(state, result) { return state }
    var state = state
    switch result {
    case .remove(let index): state.rows.remove(at: index)
    case .insert(let row, let index): state.rows.insert(row, at: index)
    case .reverse: state.rows.reverse()
    case .renumber(let index, let id): state.rows[index].id = id
    case .row: break
    }
    return state
  }
}

@Suite(.onOwnThread) struct RowLookupTests {
  static func rows<Rows: RangeReplaceableCollection>(
    _ count: Int, _ counter: ComparisonCounter, as _: Rows.Type
  ) -> Rows where Rows.Element == CountedRow.State {
    Rows((0..<count).map { CountedRow.State(id: CountedID(value: $0, counter: counter)) })
  }

  @Test func aRowIntentInAPersistentArrayComparesAFewIDsNotEveryRow() throws {
    let counter = ComparisonCounter()
    let rows = CountedList<PersistentArray<CountedRow.State>>().rows
    let id = { CountedID(value: $0, counter: counter) }
    var state = CountedList.State(rows: Self.rows(10_000, counter, as: PersistentArray.self))
    state = try #require(rows.reduce(state, .row(id: id(9_000), .increment)))  // indexes the ids
    counter.reset()
    for row in [9_999, 0, 4_242] {
      _ = rows.handle(.row(id: id(row), .increment), state: state)
      state = try #require(rows.reduce(state, .row(id: id(row), .increment)))
    }
    // Six look-ups, each a hash look-up (a few comparisons while probing, more on an unlucky
    // hash seed) and a check of the row found; a scan would compare 28,482 ids.
    #expect(counter.value <= 300, "compared \(counter.value) ids in 6 look-ups in 10,000 rows")
    #expect(state.rows.map(\.count).reduce(0, +) == 4)
    #expect(state.rows[9_999].count == 1 && state.rows[9_000].count == 1)
  }

  /// The same intents over a `PersistentArray` and an `Array` reach the same rows while rows are
  /// removed, inserted, reversed and renumbered between them (each making the id index stale).
  @Test func rowIntentsReachTheSameRowsInAPersistentArrayAsInAnArray() {
    let counter = ComparisonCounter()
    let id = { CountedID(value: $0, counter: counter) }
    let intents: [CountedList<[CountedRow.State]>.Intent] = [
      .row(id: id(5), .increment), .row(id: id(40), .increment), .remove(at: 3),
      .row(id: id(5), .increment), .row(id: id(3), .increment),  // gone: ignored
      .insert(CountedRow.State(id: id(100)), at: 0), .row(id: id(100), .increment),
      .row(id: id(40), .increment), .reverse, .row(id: id(5), .increment),
      .row(id: id(49), .increment), .renumber(at: 0, to: id(200)), .row(id: id(200), .increment),
      .row(id: id(49), .increment), .row(id: id(0), .increment),
    ]
    let array = Store(
      initialState: .init(rows: Self.rows(50, counter, as: [CountedRow.State].self)),
      feature: CountedList<[CountedRow.State]>())
    let persistent = Store(
      initialState: .init(rows: Self.rows(50, counter, as: PersistentArray<CountedRow.State>.self)),
      feature: CountedList<PersistentArray<CountedRow.State>>())
    for intent in intents {
      array.send(intent)
      persistent.send(translate(intent))
      #expect(Array(persistent.state.rows) == array.state.rows, "after \(intent)")
    }
    #expect(array.state.rows.first { $0.id.value == 200 }?.count == 2)  // once as 49
    #expect(array.state.rows.first { $0.id.value == 5 }?.count == 3)
    array.dispose()
    persistent.dispose()
  }

  /// Row intents sent from many threads while other threads look rows up by id in the states
  /// the store publishes (which share the id index): every intent reaches its row, and every
  /// look-up finds the row where it is. Run under ThreadSanitizer too: the index is immutable
  /// and only ever set in a root no other value refers to.
  @Test func rowIntentsFromManyThreadsWhileStatesAreReadByID() {
    let counter = ComparisonCounter()
    let store = Store(
      initialState: .init(
        rows: Self.rows(1_000, counter, as: PersistentArray<CountedRow.State>.self)),
      feature: CountedList<PersistentArray<CountedRow.State>>())
    let misplaced = ComparisonCounter()
    DispatchQueue.concurrentPerform(iterations: 6) { thread in
      for step in 0..<300 {
        let row = (step * 7 + thread * 131) % 1_000
        if thread < 4 {
          store.send(.row(id: CountedID(value: row, counter: counter), .increment))
        } else {
          let rows = store.state.rows
          if rows.firstIndex(ofID: CountedID(value: row, counter: counter), at: \.id) != row {
            misplaced.increment()
          }
        }
      }
    }
    #expect(misplaced.value == 0)
    #expect(store.state.rows.map(\.count).reduce(0, +) == 1_200)
    for thread in 0..<4 {
      let row = (299 * 7 + thread * 131) % 1_000
      #expect(store.state.rows[row].count >= 1)
    }
    store.dispose()
  }

  /// The index is shared by the copies made after it was built, and a change of length in one
  /// copy does not disturb the others.
  @Test func copiesShareTheIndexAndKeepTheirOwnRows() {
    let counter = ComparisonCounter()
    var rows = Self.rows(1_000, counter, as: PersistentArray<CountedRow.State>.self)
    #expect(rows.firstIndex(indexingID: CountedID(value: 700, counter: counter), at: \.id) == 700)
    let published = rows
    rows.remove(at: 0)
    counter.reset()
    #expect(published.firstIndex(ofID: CountedID(value: 999, counter: counter), at: \.id) == 999)
    #expect(counter.value <= 50)  // a hash look-up and a check; a scan would compare 1,000
    #expect(rows.firstIndex(ofID: CountedID(value: 999, counter: counter), at: \.id) == 998)
    #expect(rows.firstIndex(indexingID: CountedID(value: 5_000, counter: counter), at: \.id) == nil)
    #expect(rows.firstIndex(ofID: CountedID(value: 0, counter: counter), at: \.id) == nil)
  }
}

/// An intent of the `Array` list as the same intent of the `PersistentArray` list.
func translate(_ intent: CountedList<[CountedRow.State]>.Intent)
  -> CountedList<
    PersistentArray<CountedRow.State>
  >.Intent
{
  switch intent {
  case .row(let id, let intent): .row(id: id, intent)
  case .remove(let index): .remove(at: index)
  case .insert(let row, let index): .insert(row, at: index)
  case .reverse: .reverse
  case .renumber(let index, let id): .renumber(at: index, to: id)
  }
}
