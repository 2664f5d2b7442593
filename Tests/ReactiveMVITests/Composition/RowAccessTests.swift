import ReactiveMVI
import Testing

// How `ChildFeatures` reaches a row other than by `Identifiable.id` in a `PersistentArray`: by an
// id at another key path (the index is by that key path, and the row found is checked by it),
// and through a collection of the app's own that is an `IDIndexedCollection` (asked, not
// scanned). Rows changed in place leave the states published before as they were.

extension CounterRow<CountedID>.State {
  /// An id at another key path than `Identifiable.id`: the rows' order reversed in 1,000 rows.
  var mirrored: CountedID { CountedID(value: 999 - id.value, counter: id.counter) }
}

typealias MirroredList = CountedList<PersistentArray<CountedRow.State>>

/// An `IDIndexedCollection` of the app's own: an array that counts how often it is asked for a
/// row's position.
struct AskedRows: IDIndexedCollection, RandomAccessCollection, RangeReplaceableCollection,
  Equatable,
  Sendable
{
  var elements: [CountedRow.State]
  let asked: ComparisonCounter

  init(elements: [CountedRow.State], asked: ComparisonCounter) {
    self.elements = elements
    self.asked = asked
  }
  init() { self.init(elements: [], asked: ComparisonCounter()) }

  mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C)
  where C.Element == CountedRow.State {
    elements.replaceSubrange(range, with: new)
  }

  var startIndex: Int { elements.startIndex }
  var endIndex: Int { elements.endIndex }
  subscript(position: Int) -> CountedRow.State {
    get { elements[position] }
    set { elements[position] = newValue }
  }

  func firstIndex<ID: Hashable>(ofID id: ID, at key: KeyPath<Element, ID>) -> Int? {
    asked.increment()
    return elements.firstIndex { $0[keyPath: key] == id }
  }

  mutating func firstIndex<ID: Hashable>(indexingID id: ID, at key: KeyPath<Element, ID>) -> Int? {
    asked.increment()
    return elements.firstIndex { $0[keyPath: key] == id }
  }

  static func == (lhs: AskedRows, rhs: AskedRows) -> Bool { lhs.elements == rhs.elements }
}

typealias AskedList = CountedList<AskedRows>

@Suite struct RowAccessTests {
  /// 1,000 rows whose `id` runs up (and so whose `mirrored` id runs down).
  static func countedRows(_ counter: ComparisonCounter) -> PersistentArray<CountedRow.State> {
    PersistentArray(
      (0..<1_000).map { CountedRow.State(id: CountedID(value: $0, counter: counter)) })
  }

  @Test func rowsIdentifiedAtAnotherKeyPathAreFoundThroughAnIndexByThatKeyPath() throws {
    let counter = ComparisonCounter()
    let id = { CountedID(value: $0, counter: counter) }
    let rows = MirroredList(id: \.mirrored).rows
    var state = MirroredList.State(rows: Self.countedRows(counter))
    #expect(state.rows.firstIndex(indexingID: id(0), at: \.id) == 0)  // an index by `\.id`
    state = try #require(rows.reduce(state, .row(id: id(0), .increment)))
    #expect(state.rows[999].count == 1 && state.rows[0].count == 0)
    counter.reset()
    for row in [999, 1, 500] {
      _ = rows.handle(.row(id: id(row), .increment), state: state)
      state = try #require(rows.reduce(state, .row(id: id(row), .increment)))
    }
    // Six look-ups by the mirrored id, each a hash look-up and a check of the row found; a scan
    // would compare about 1,500 ids.
    #expect(counter.value <= 200, "compared \(counter.value) ids in 6 look-ups in 1,000 rows")
    #expect(state.rows[0].count == 1 && state.rows[998].count == 1 && state.rows[499].count == 1)
    #expect(state.rows.map(\.count).reduce(0, +) == 4)
  }

  @Test func aRowChangedInPlaceLeavesThePublishedStateAsItWas() {
    let counter = ComparisonCounter()
    let store = Store(
      initialState: MirroredList.State(rows: Self.countedRows(counter)),
      feature: MirroredList(id: \.mirrored))
    let published = store.state
    store.send(.row(id: CountedID(value: 10, counter: counter), .increment))
    let next = store.state
    store.send(.row(id: CountedID(value: 10, counter: counter), .increment))
    #expect(published.rows[989].count == 0)
    #expect(next.rows[989].count == 1)
    #expect(store.state.rows[989].count == 2)
    #expect(store.state.rows.map(\.count).reduce(0, +) == 2)
    store.dispose()
  }

  @Test func aCollectionOfTheAppsOwnThatIsIDIndexedIsAskedForTheRow() throws {
    let counter = ComparisonCounter()
    let id = { CountedID(value: $0, counter: counter) }
    let asked = ComparisonCounter()
    let rows = AskedList().rows
    var state = AskedList.State(
      rows: AskedRows(elements: (0..<20).map { CountedRow.State(id: id($0 * 3)) }, asked: asked))
    _ = rows.handle(.row(id: id(30), .increment), state: state)
    #expect(asked.value == 1)
    state = try #require(rows.reduce(state, .row(id: id(30), .increment)))
    #expect(asked.value == 2)
    #expect(state.rows[10].count == 1)
    #expect(state.rows.elements.map(\.count).reduce(0, +) == 1)
    let unchanged = try #require(rows.reduce(state, .row(id: id(31), .increment)))
    #expect(unchanged == state)  // no row 31: the state is unchanged
    #expect(asked.value == 3)
  }
}
