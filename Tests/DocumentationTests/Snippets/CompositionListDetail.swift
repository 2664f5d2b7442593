// The short composition example of Docs/Store.md: a list and an optional detail, embedded by the
// parent's enum cases, and a row's view over a scope of the store.
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

// snippet: store-composition-list-detail
struct Board: Feature {
  struct State: Equatable {
    var rows = [CounterRow.State(id: 1), CounterRow.State(id: 2)]
    var detail: CounterRow.State?
  }
  enum Intent: Equatable {
    case row(id: Int, CounterRow.Intent)
    case detail(CounterRow.Intent)
    case open(id: Int)
    case close
  }

  static let rows = ChildFeatures<Board, CounterRow, Int>(
    CounterRow(), state: \.rows, intent: Intent.row)
  static let detail = OptionalChildFeature<Board, CounterRow>(
    CounterRow(), state: \.detail, intent: Intent.detail)

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    Self.rows.handle(intent, state: state) ?? Self.detail.handle(intent, state: state)
      ?? .result(intent)
  }

  func reduce(_ state: State, _ result: Intent) -> State {
    if let state = Self.rows.reduce(state, result) ?? Self.detail.reduce(state, result) {
      return state
    }
    var state = state
    switch result {
    case .open(let id): state.detail = state.rows.first { $0.id == id }
    case .close: state.detail = nil
    case .row, .detail: break
    }
    return state
  }

  func effect(after result: Intent, state: State) -> Effect<Intent, Never> {
    Self.rows.effect(after: result, state: state) ?? Self.detail.effect(after: result, state: state)
      ?? .none
  }
}

/// A row's view: a view store over the row's scope of the board's store.
@MainActor final class RowModel {
  let viewStore: ViewStore<ScopedStore<CounterRow.State, CounterRow.Intent>>

  init(_ store: Store<Board>, id: Int) {
    viewStore = ViewStore(
      store.scope(
        state: { $0.rows.first { $0.id == id } ?? CounterRow.State(id: id) },
        intent: { Board.Intent.row(id: id, $0) }))
  }

  var title: String { "Row \(viewStore.id): \(viewStore.count)" }  // tracks `id` and `count` only
  func plusTapped() { viewStore.send(.increment) }
}
// end snippet

@Suite struct CompositionListDetailDocSnippets {
  @Test func boardComposes() {
    let store = TestStore(initialState: Board.State(), feature: Board())
    store.send(.row(id: 2, .increment)) { $0.rows[1].count = 1 }
    store.send(.open(id: 2)) { $0.detail = CounterRow.State(id: 2, count: 1) }
    store.send(.detail(.increment)) { $0.detail?.count = 2 }
    store.send(.row(id: 1, .increment)) { $0.rows[0].count = 1 }
    store.send(.close) { $0.detail = nil }
    store.send(.detail(.increment))  // no detail: ignored
    store.finish()
  }

  @Test @MainActor func aRowModelReadsAndSendsThroughItsScope() {
    let store = Store(initialState: Board.State(), feature: Board())
    let row = RowModel(store, id: 2)
    row.plusTapped()
    #expect(row.title == "Row 2: 1")
    #expect(store.state.rows[1].count == 1)
  }
}
