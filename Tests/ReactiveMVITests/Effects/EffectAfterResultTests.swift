import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// Saves the list after every change, from the state after the change, and counts saves with a
/// synchronous result (to show the order).
struct SavingList: Feature {
  struct State: Equatable {
    var items: [String] = []
    var saved: [[String]] = []
  }
  enum Intent: Equatable { case add(String) }
  enum Result: Equatable {
    case added(String)
    case saved([String])
  }

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    guard case .add(let item) = intent else { return .none }
    return .result(.added(item))
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .added(let item): state.items.append(item)
    case .saved(let items): state.saved.append(items)
    }
    return state
  }

  func effect(after result: Result, state: State) -> Effect<Result, Never> {
    guard case .added = result else { return .none }
    return .result(.saved(state.items))  // the state *after* the item was added
  }
}

@Suite struct EffectAfterResultTests {
  @Test func runsWithTheNewStateRightAfterTheResult() {
    let store = Store(initialState: SavingList.State(), feature: SavingList())
    let seen = Shared<[SavingList.State]>([])
    let subscription = store.states.subscribe(onNext: seen.append)
    store.send(.add("a"))
    store.send(.add("b"))
    // Each change, then its save (from the new state), before the next intent.
    #expect(seen.value.map(\.items) == [[], ["a"], ["a"], ["a", "b"], ["a", "b"]])
    #expect(store.state.saved == [["a"], ["a", "b"]])
    subscription.dispose()
  }

  @Test func theTestStoreSeesItsResultsAsPartOfTheStep() {
    let store = TestStore(initialState: SavingList.State(), feature: SavingList())
    store.send(.add("a")) {
      $0.items = ["a"]
      $0.saved = [["a"]]
    }
    store.finish()
  }
}
