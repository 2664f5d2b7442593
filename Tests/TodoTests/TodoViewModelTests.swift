import ReactiveMVI
import ReactiveTesting
import Testing

@testable import TodoKit

// The waits fail after `localDeadline` (TestSupport); the time limit is the safety net for a hang
// anywhere else, long enough for ThreadSanitizer's slowdown.
@Suite(.timeLimit(.minutes(5)))
@MainActor
struct TodoViewModelTests {
  /// The save delay runs on virtual time, so a test decides when a save completes.
  let scheduler = TestScheduler(initialClock: 0)

  func model(_ todos: [Todo] = [], storage: MemoryStorage = MemoryStorage()) -> TodoViewModel {
    let feature = TodoFeature(storage: storage, scheduler: scheduler, saveDelay: .seconds(1))
    return TodoViewModel(
      store: Store(initialState: TodoFeature.State(todos: todos), feature: feature))
  }

  @Test func rendersTheFilteredListAndTheSaveStatus() async {
    let storage = MemoryStorage()
    let model = model([Todo(id: 1, title: "Buy milk", isDone: true)], storage: storage)
    #expect(model.renderText() == "Todos (all): 0 of 1 left\n  [x] 1. Buy milk\n")
    model.send(.add("Walk the dog"))
    await model.caughtUp()
    #expect(
      model.renderText()
        == "Todos (all): 1 of 2 left\n  [x] 1. Buy milk\n  [ ] 2. Walk the dog\nsaving…\n")
    scheduler.advanceTo(1)
    await model.saved()
    #expect(model.status == "saved 2 items")
    #expect(storage.saves.last?.count == 2)
    model.send(.setFilter(.active))
    await model.caughtUp()
    #expect(model.rows.map(\.id) == [2])
    #expect(
      model.renderJSON()
        == #"{"filter":"active","items":[{"done":false,"id":2,"title":"Walk the dog"}],"left":1,"status":"saved"}"#
        + "\n")
  }

  @Test func aFailedSaveIsShown() async {
    let storage = MemoryStorage()
    storage.fail(with: StorageError("read-only"))
    let model = model(storage: storage)
    model.send(.add("x"))
    scheduler.advanceTo(1)
    await model.saved()
    #expect(model.status == "not saved: read-only")
    #expect(model.renderJSON().contains(#""error":"read-only","#))
  }

  @Test func anEmptyListSaysSo() {
    #expect(model().renderText() == "Todos (all): 0 of 0 left\n  (nothing here)\n")
  }
}

@Suite struct TodoCommandTests {
  @Test func parsesEveryCommandAndAlias() throws {
    #expect(try TodoCommand.parse("add  Buy milk  ") == .intent(.add("Buy milk")))
    #expect(try TodoCommand.parse("a x") == .intent(.add("x")))
    #expect(try TodoCommand.parse("toggle 3") == .intent(.toggle(id: 3)))
    #expect(try TodoCommand.parse("d 2") == .intent(.delete(id: 2)))
    #expect(try TodoCommand.parse("filter done") == .intent(.setFilter(.done)))
    #expect(try TodoCommand.parse("clear") == .intent(.clearCompleted))
    #expect(try TodoCommand.parse("l") == .list)
    #expect(try TodoCommand.parse("quit") == .quit)
  }

  @Test func rejectsBadInputWithAClearMessage() {
    func message(_ line: Substring) -> String? {
      do {
        _ = try TodoCommand.parse(line)
        return nil
      } catch { return error.message }
    }
    #expect(message("add") == "add needs a title")
    #expect(message("add a\u{1B}[2Jb") == "the title contains a control character")
    #expect(message("toggle x") == "toggle needs an item number, not 'x'")
    #expect(message("toggle -1") == "toggle needs an item number, not '-1'")
    #expect(message("filter some") == "filter takes all, active or done, not 'some'")
    #expect(message("clear now") == "clear takes no argument")
    #expect(
      message("frob\u{7}")
        == "unknown command 'frob\\u{07}' (add, toggle, delete, filter, clear, list, quit)")
    #expect(
      message(Substring("add " + String(repeating: "x", count: 501)))
        == "the title is longer than 500 characters")
  }
}
