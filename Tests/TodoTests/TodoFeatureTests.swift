import ReactiveEngine
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

@testable import TodoKit

/// An in-memory storage whose saves can be made to fail.
final class MemoryStorage: TodoStorage, @unchecked Sendable {  // guarded by `lock`
  private let lock = Locked<(saved: [[Todo]], failure: StorageError?)>(([], nil))
  var saves: [[Todo]] { lock.withLock { $0.saved } }
  func fail(with error: StorageError?) { lock.withLock { $0.failure = error } }
  func load() throws -> [Todo] { lock.withLock { $0.saved.last ?? [] } }
  func save(_ todos: [Todo]) throws {
    try lock.withLock {
      if let failure = $0.failure { throw failure }
      $0.saved.append(todos)
    }
  }
}

@Suite struct TodoFeatureTests {
  let scheduler = TestScheduler(initialClock: 0)
  let storage = MemoryStorage()

  func feature() -> TodoFeature {
    TodoFeature(storage: storage, scheduler: scheduler, saveDelay: .seconds(3))
  }

  @Test func editsChangeTheListAndEachChangeStartsASave() {
    let store = TestStore(
      initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.add("Buy milk")) {
      $0.todos = [Todo(id: 1, title: "Buy milk")]
      $0.nextID = 2
      $0.persistence = .saving
    }
    store.send(.add("Walk the dog")) {
      $0.todos.append(Todo(id: 2, title: "Walk the dog"))
      $0.nextID = 3
    }
    store.send(.toggle(id: 1)) { $0.todos[0].isDone = true }
    store.send(.setFilter(.active)) { $0.filter = .active }  // not a change of the list
    #expect(store.state.visible.map(\.id) == [2])
    #expect(store.state.remaining == 1)
    store.send(.clearCompleted) { $0.todos.removeFirst() }
    store.send(.delete(id: 2)) { $0.todos = [] }
    #expect(storage.saves.isEmpty)  // each change cancelled the save waiting before it
    store.advance(by: 3)
    store.receive(.saved(count: 0)) { $0.persistence = .saved(count: 0) }
    #expect(storage.saves == [[]])
    store.finish()
  }

  @Test func anUnknownIdIsAnEventNotAChange() {
    let store = TestStore(
      initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.toggle(id: 7))
    store.receiveEvent(.notFound(id: 7))
    store.send(.delete(id: 8))
    store.receiveEvent(.notFound(id: 8))
    store.finish()
  }

  @Test func theSaveRunsAfterTheQuietTimeOnVirtualTime() {
    let store = TestStore(
      initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.add("a")) {
      $0.todos = [Todo(id: 1, title: "a")]
      $0.nextID = 2
      $0.persistence = .saving
    }
    store.advance(by: 2)
    store.send(.add("b")) {  // within the delay: the first save is cancelled
      $0.todos.append(Todo(id: 2, title: "b"))
      $0.nextID = 3
    }
    store.advance(by: 2)
    #expect(storage.saves.isEmpty)
    store.advance(by: 1)
    store.receive(.saved(count: 2)) { $0.persistence = .saved(count: 2) }
    #expect(storage.saves.map { $0.map(\.title) } == [["a", "b"]])
    store.finish()
  }

  @Test func saveNowWritesTheWaitingChangeAtOnceAndOnlyOnce() {
    let store = TestStore(
      initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.saveNow)  // nothing waits: nothing to save
    store.send(.add("a")) {
      $0.todos = [Todo(id: 1, title: "a")]
      $0.nextID = 2
      $0.persistence = .saving
    }
    store.send(.saveNow)
    store.receive(.saved(count: 1)) { $0.persistence = .saved(count: 1) }
    #expect(storage.saves == [[Todo(id: 1, title: "a")]])
    store.advance(by: 3)  // the debounced save was replaced, not run a second time
    #expect(storage.saves.count == 1)
    store.send(.saveNow)
    store.finish()
  }

  @Test func newIdsCountOnAndNeverOverflow() {
    let largest = Todo.validIDs.upperBound
    #expect(TodoFeature.State().nextID == 1)
    #expect(
      TodoFeature.State(todos: [Todo(id: 4, title: "d"), Todo(id: 2, title: "b")]).nextID == 5)
    #expect(TodoFeature.State(todos: [Todo(id: largest - 1, title: "y")]).nextID == largest)
    // At the end of the range: the smallest free id (also for ids a list file may not hold).
    #expect(
      TodoFeature.State(todos: [Todo(id: largest, title: "z"), Todo(id: 1, title: "a")]).nextID == 2
    )
    #expect(TodoFeature.State(todos: [Todo(id: .max, title: "z")]).nextID == 1)
    #expect(TodoFeature.State(todos: [Todo(id: -5, title: "n")]).nextID == 1)

    let store = TestStore(
      initialState: TodoFeature.State(todos: [Todo(id: largest - 1, title: "y")]),
      feature: feature(),
      scheduler: scheduler)
    store.send(.add("z")) {
      $0.todos.append(Todo(id: largest, title: "z"))
      $0.nextID = 1
      $0.persistence = .saving
    }
    store.send(.add("a")) {
      $0.todos.append(Todo(id: 1, title: "a"))
      $0.nextID = 2
    }
    store.send(.add("b")) {
      $0.todos.append(Todo(id: 2, title: "b"))
      $0.nextID = 3
    }
    store.advance(by: 3)
    store.receive(.saved(count: 4)) { $0.persistence = .saved(count: 4) }
    store.finish()
  }

  @Test func aFailedSaveBecomesState() {
    storage.fail(with: StorageError("disk full"))
    let store = TestStore(
      initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.add("a")) {
      $0.todos = [Todo(id: 1, title: "a")]
      $0.nextID = 2
      $0.persistence = .saving
    }
    store.advance(by: 3)
    store.receive(.saveFailed("disk full")) { $0.persistence = .failed("disk full") }
    store.finish()
  }
}
