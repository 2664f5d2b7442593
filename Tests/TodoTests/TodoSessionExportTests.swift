import Foundation
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import TestSupport
import Testing

@testable import TodoKit

/// The todo feature with a changed reducer: toggling does nothing.
struct TodoWithoutToggle: Feature {
  typealias State = TodoFeature.State
  typealias Intent = TodoFeature.Intent
  typealias Result = TodoFeature.Result
  typealias Event = TodoFeature.Event
  let base = TodoFeature(
    storage: JSONFileStorage(path: "todos.json"), scheduler: MainScheduler.instance,
    saveDelay: .milliseconds(300))

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> { .none }
  func reduce(_ state: State, _ result: Result) -> State {
    if case .toggled = result { return state }
    return base.reduce(state, result)
  }
}

@Suite struct TodoSessionExportTests {
  /// A session recorded from a todo store on virtual time: edits, their saves, a bad toggle.
  static func exported() throws -> String {
    let scheduler = TestScheduler(initialClock: 0)
    let storage = MemoryStorage()
    let feature = TodoFeature(storage: storage, scheduler: scheduler, saveDelay: .seconds(1))
    let lines = Shared<[String]>([])
    let recorder = SessionRecorder(
      feature: feature, name: "TodoFeature", initialState: TodoFeature.State(),
      sink: { line in lines.mutate { $0.append(line) } })
    let store = Store(
      initialState: TodoFeature.State(), feature: feature, middleware: [recorder.middleware])
    store.send(.add("Milk"))
    store.send(.add("Bread"))
    scheduler.advanceTo(5)
    store.send(.toggle(id: 1))
    store.send(.toggle(id: 9))
    store.send(.setFilter(.done))
    scheduler.advanceTo(10)
    recorder.finish()
    store.dispose()
    let session = try Session(
      jsonLines: lines.read { $0.joined(separator: "\n") + "\n" }, feature: feature,
      featureName: "TodoFeature")
    return SessionTestExport.swiftTesting(
      session: session, feature: feature, testName: "recordedTodoSession",
      featureExpression:
        "TodoFeature(storage: JSONFileStorage(path: \"todos.json\"), "
        + "scheduler: MainScheduler.instance, saveDelay: .milliseconds(300))",
      imports: ["@testable import TodoKit"])
  }

  @Test func theExportedTestIsTheCheckedInCompiledOne() throws {
    let source = try Self.exported()
    // The file the export must equal, compiled in this target.
    let (path, checkedIn) = try checkedInGeneratedFile(
      named: "RecordedTodoSession.generated.swift", beside: #filePath, source: source)
    #expect(source == checkedIn, "the export changed: regenerate \(path)")
    #expect(source.contains("store.receive(.saved(count: 2))"))
    #expect(source.contains("store.receiveEvent(.notFound(id: 9))"))
  }

  @Test func theExportedAssertionsFailWithADiffWhenTheReducerChanges() {
    let failures = Shared<[String]>([])
    replayRecordedTodoSession(
      TodoWithoutToggle(),
      reporter: TestStoreReporter { message, _ in failures.mutate { $0.append(message) } })
    let messages = failures.read { $0 }
    let first = messages.first ?? ""
    #expect(first.contains("state after toggle(id: 1) differs from the expected state:\n  todos."))
    #expect(first.contains("[0].isDone: expected true, actual false"), "\(messages)")
  }
}
