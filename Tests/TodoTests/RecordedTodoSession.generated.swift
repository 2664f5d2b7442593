// swift-format-ignore-file
// Generated from a recorded session of TodoFeature by SessionTestExport.
// Regenerate it rather than edit it.
import ReactiveMVI
import ReactiveMVITesting
import Testing

@testable import TodoKit

@Test func recordedTodoSession() {
  replayRecordedTodoSession(TodoFeature(storage: JSONFileStorage(path: "todos.json"), scheduler: MainScheduler.instance, saveDelay: .milliseconds(300)))
}

/// The session's intents sent to `feature` (its effects replaced by the recorded outputs),
/// asserting the recorded states; failures go to `reporter`.
func replayRecordedTodoSession<F: Feature>(
  _ feature: F, reporter: TestStoreReporter = .default
) where F.State == TodoFeature.State, F.Intent == TodoFeature.Intent, F.Result == TodoFeature.Result, F.Event == TodoFeature.Event {
  let store = TestStore(
    initialState: TodoFeature.State(todos: [], filter: .all, nextID: 1, persistence: .idle),
    feature: RecordedEffects(
      feature,
      steps: [
        .init(number: 1, intent: .add("Milk"), outputs: [.result(.added("Milk")), .result(.saveStarted)]),
        .init(number: 2, intent: .add("Bread"), outputs: [.result(.added("Bread")), .result(.saveStarted)]),
        .init(number: 3, intent: nil, outputs: [.result(.saved(count: 2))]),
        .init(number: 4, intent: .toggle(id: 1), outputs: [.result(.toggled(id: 1)), .result(.saveStarted)]),
        .init(number: 5, intent: .toggle(id: 9), outputs: [.event(.notFound(id: 9))]),
        .init(number: 6, intent: .setFilter(.done), outputs: [.result(.filterChanged(.done))]),
        .init(number: 7, intent: nil, outputs: [.result(.saved(count: 2))]),
      ]),
    reporter: reporter)
  store.send(.add("Milk")) {
    $0.todos = [Todo(id: 1, title: "Milk", isDone: false)]
    $0.nextID = 2
    $0.persistence = .saving
  }
  store.send(.add("Bread")) {
    $0.todos = [Todo(id: 1, title: "Milk", isDone: false), Todo(id: 2, title: "Bread", isDone: false)]
    $0.nextID = 3
  }
  store.receive(.saved(count: 2)) { $0.persistence = .saved(count: 2) }
  store.send(.toggle(id: 1)) {
    $0.todos = [Todo(id: 1, title: "Milk", isDone: true), Todo(id: 2, title: "Bread", isDone: false)]
    $0.persistence = .saving
  }
  store.send(.toggle(id: 9))
  store.receiveEvent(.notFound(id: 9))
  store.send(.setFilter(.done)) { $0.filter = .done }
  store.receive(.saved(count: 2)) { $0.persistence = .saved(count: 2) }
  store.finish()
}
