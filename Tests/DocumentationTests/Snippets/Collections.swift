// The code blocks of Docs/Store.md's "Large lists in state".
import ReactiveMVI
import Testing

@Suite struct CollectionsDocSnippets {
  @Test func largeListsInState() {
    // snippet: store-large-lists
    // snippet.import: ReactiveMVI

    struct Todos: Feature {
      struct Item: Equatable, Sendable {
        var id: Int
        var title: String
        var isDone = false
      }
      struct State: Equatable, Sendable {
        var items: PersistentArray<Item> = []  // not [Item]: a change copies O(log n)
      }
      enum Intent {
        case add(String)
        case toggle(index: Int)
      }

      func reduce(_ state: State, _ intent: Intent) -> State {
        var state = state  // O(1): the copy shares every node
        switch intent {
        case .add(let title): state.items.append(Item(id: state.items.count, title: title))
        case .toggle(let index): state.items[index].isDone.toggle()  // copies one path
        }
        return state
      }
    }

    let store = Store(initialState: Todos.State(), feature: Todos())
    for number in 1...10_000 { store.send(.add("Item \(number)")) }
    store.send(.toggle(index: 9_999))
    print(store.state.items[9_999].isDone, store.state.items.count)
    // Prints: true 10000
    // end snippet
    #expect(store.state.items[9_999].isDone)
    #expect(store.state.items.filter(\.isDone).count == 1)
  }

  @Test func rowsOfALargeListFoundByID() {
    // snippet: store-large-lists-rows
    // snippet.import: ReactiveMVI

    struct Row: Feature {
      struct State: Equatable, Identifiable, Sendable {
        var id: Int
        var title: String
        var isDone = false
      }
      enum Intent { case toggle }

      func reduce(_ state: State, _ intent: Intent) -> State {
        var state = state
        state.isDone.toggle()
        return state
      }
    }

    struct Rows: Feature {
      struct State: Equatable, Sendable {
        var rows: PersistentArray<Row.State>  // an IDIndexedCollection: rows found by id
      }
      enum Intent { case row(id: Int, Row.Intent) }

      static let rows = ChildFeatures<Rows, Row, Int>(Row(), state: \.rows, intent: Intent.row)

      func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
        Self.rows.handle(intent, state: state) ?? .none
      }
      func reduce(_ state: State, _ result: Intent) -> State {
        Self.rows.reduce(state, result) ?? state
      }
    }

    let rows = PersistentArray((0..<100_000).map { Row.State(id: $0, title: "Row \($0)") })
    let store = Store(initialState: Rows.State(rows: rows), feature: Rows())
    store.send(.row(id: 99_999, .toggle))  // indexes the ids: O(n), once
    store.send(.row(id: 42, .toggle))  // a hash look-up and one path of the tree
    print(store.state.rows[42].isDone, store.state.rows[99_999].isDone)
    // Prints: true true
    // end snippet
    #expect(store.state.rows.filter(\.isDone).count == 2)
  }
}
