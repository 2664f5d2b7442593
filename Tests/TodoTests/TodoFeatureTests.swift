import ReactiveMVI
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

  @Test func editsChangeTheList() {
    let store = TestStore(initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.add("Buy milk")) {
      $0.todos = [Todo(id: 1, title: "Buy milk")]
      $0.nextID = 2
    }
    store.send(.add("Walk the dog")) {
      $0.todos.append(Todo(id: 2, title: "Walk the dog"))
      $0.nextID = 3
    }
    store.send(.toggle(id: 1)) { $0.todos[0].isDone = true }
    store.send(.setFilter(.active)) { $0.filter = .active }
    #expect(store.state.visible.map(\.id) == [2])
    #expect(store.state.remaining == 1)
    store.send(.clearCompleted) { $0.todos.removeFirst() }
    store.send(.delete(id: 2)) { $0.todos = [] }
    store.finish()
  }

  @Test func anUnknownIdIsAnEventNotAChange() {
    let store = TestStore(initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.toggle(id: 7))
    store.receiveEvent(.notFound(id: 7))
    store.send(.delete(id: 8))
    store.receiveEvent(.notFound(id: 8))
    store.finish()
  }

  @Test func persistSavesAfterTheDelayOnVirtualTime() {
    let initial = TodoFeature.State(todos: [Todo(id: 1, title: "a")])
    let store = TestStore(initialState: initial, feature: feature(), scheduler: scheduler)
    store.send(.persist) { $0.persistence = .saving }
    store.advance(by: 2)
    #expect(storage.saves.isEmpty)
    store.advance(by: 1)
    store.receive(.saved(count: 1)) { $0.persistence = .saved(count: 1) }
    #expect(storage.saves == [[Todo(id: 1, title: "a")]])
    store.finish()
  }

  @Test func aFailedSaveBecomesState() {
    storage.fail(with: StorageError("disk full"))
    let store = TestStore(initialState: TodoFeature.State(), feature: feature(), scheduler: scheduler)
    store.send(.persist) { $0.persistence = .saving }
    store.advance(by: 3)
    store.receive(.saveFailed("disk full")) { $0.persistence = .failed("disk full") }
    store.finish()
  }

  @Test func theMiddlewareSavesEveryChangeOfTheListAndANewerSaveCancelsTheOlder() {
    let store = Store(
      initialState: TodoFeature.State(), feature: feature(),
      middleware: [TodoFeature.persistence()])
    store.send(.add("a"))
    #expect(store.state.persistence == .saving)
    scheduler.advanceTo(2)
    store.send(.add("b"))  // within the delay: the first save is cancelled
    store.send(.setFilter(.done))  // not a change of the list: no save
    scheduler.advanceTo(4)
    #expect(storage.saves.isEmpty)
    scheduler.advanceTo(5)
    #expect(storage.saves.map { $0.map(\.title) } == [["a", "b"]])
    #expect(store.state.persistence == .saved(count: 2))
    #expect(store.runningEffectCount == 0)
    store.dispose()
  }
}
