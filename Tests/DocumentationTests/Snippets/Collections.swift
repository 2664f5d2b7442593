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
}
