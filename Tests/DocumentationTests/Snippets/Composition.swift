// The composition example of Docs/Store.md.
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// A counter row: the child feature.
struct CounterRow: Feature {
  struct State: Equatable, Identifiable {
    var id: Int
    var count = 0
  }
  enum Intent: Equatable { case increment }
  func reduce(_ state: State, _ intent: Intent) -> State {
    State(id: state.id, count: state.count + 1)
  }
}

// snippet: store-composition
struct Counters: Feature {
  struct State: Equatable {
    var rows: [CounterRow.State] = []
    var nextID = 1
  }
  enum Intent: Equatable {
    case add
    case row(id: Int, CounterRow.Intent)
  }

  static let rows = ChildFeatures<Counters, CounterRow, Int>(
    CounterRow(), state: \.rows,
    intent: { if case .row(let id, let intent) = $0 { (id, intent) } else { nil } },
    result: { .row(id: $0, $1) },
    extractResult: { if case .row(let id, let intent) = $0 { (id, intent) } else { nil } })

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    Self.rows.handle(intent, state: state) ?? .result(intent)  // a row's intent, or our own
  }

  func reduce(_ state: State, _ result: Intent) -> State {
    if let state = Self.rows.reduce(state, result) { return state }
    var state = state
    if case .add = result {
      state.rows.append(CounterRow.State(id: state.nextID))
      state.nextID += 1
    }
    return state
  }
}
// end snippet

@Suite struct CompositionDocSnippets {
  @Test func countersCompose() {
    let store = TestStore(initialState: Counters.State(), feature: Counters())
    store.send(.add) {
      $0.rows = [CounterRow.State(id: 1)]
      $0.nextID = 2
    }
    store.send(.add) {
      $0.rows.append(CounterRow.State(id: 2))
      $0.nextID = 3
    }
    store.send(.row(id: 2, .increment)) { $0.rows[1].count = 1 }
    store.finish()
  }
}
