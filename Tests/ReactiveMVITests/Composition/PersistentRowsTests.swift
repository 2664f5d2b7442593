import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// `ChildFeatures` over a `PersistentArray` of rows (a long list, Docs/Store.md "Large lists in
/// state"): the same intents, results, effects and gone-row rules as over an `Array`.
struct LongList: Feature {
  typealias Row = CounterRow<Int>

  struct State: Equatable, Sendable {
    var rows = PersistentArray((1...10_000).map { Row.State(id: $0) })
  }
  enum Intent: Equatable, Sendable {
    case row(id: Int, Row.Intent)
    case remove(id: Int)
  }

  static let rows = ChildFeatures<LongList, Row, Int>(Row(), state: \.rows, intent: Intent.row)

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    Self.rows.handle(intent, state: state) ?? .result(intent)
  }

  func reduce(_ state: State, _ result: Intent) -> State {
    if let state = Self.rows.reduce(state, result) { return state }
    var state = state
    if case .remove(let id) = result, let index = state.rows.firstIndex(where: { $0.id == id }) {
      state.rows.remove(at: index)
    }
    return state
  }
}

@Suite struct PersistentRowsTests {
  @Test func rowsInAPersistentArrayTakeTheirIntentsAndIgnoreAGoneRow() {
    let store = TestStore(initialState: LongList.State(), feature: LongList())
    store.send(.row(id: 9_999, .increment)) { $0.rows[9_998].count = 1 }
    store.send(.row(id: 1, .increment)) { $0.rows[0].count = 1 }
    store.send(.remove(id: 9_999)) { $0.rows.remove(at: 9_998) }
    store.send(.row(id: 9_999, .increment))  // gone: ignored, nothing changes
    store.finish()
  }

  @Test func aRowIntentLeavesThePublishedStateUntouched() {
    let store = Store(initialState: LongList.State(), feature: LongList())
    let before = store.state
    store.send(.row(id: 5_000, .increment))
    #expect(before.rows[4_999].count == 0)
    #expect(store.state.rows[4_999].count == 1)
    #expect(store.state.rows.count == 10_000)
  }
}
