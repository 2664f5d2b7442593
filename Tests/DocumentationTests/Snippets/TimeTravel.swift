// The code blocks of Docs/TimeTravel.md.
import Foundation
import ReactiveMVI
import ReactiveTesting
import Testing

/// A search feature with an effect: `search` starts a request whose answer arrives later.
struct Search: Feature {
  struct State: Equatable, Codable, Sendable {
    var query = ""
    var results: [String] = []
    var isLoading = false
  }
  enum Intent: Equatable, Codable, Sendable { case search(String) }
  enum Result: Equatable, Codable, Sendable {
    case started(String)
    case loaded([String])
  }
  typealias Event = Never

  let answers: PublishSubject<[String]>

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    switch intent {
    case .search(let query):
      .merge(.result(.started(query)), .observable(answers.take(1).map { .loaded($0) }))
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .started(let query):
      state.query = query
      state.isLoading = true
    case .loaded(let results):
      state.results = results
      state.isLoading = false
    }
    return state
  }
}

@Suite struct TimeTravelDocSnippets {
  @Test func recordAndOpen() throws {
    let answers = PublishSubject<[String]>()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("search-\(UUID().uuidString).jsonl")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: url) }
    // snippet: time-travel-record
    let file = try FileHandle(forWritingTo: url)
    let recorder = SessionRecorder(
      feature: Search(answers: answers), initialState: Search.State(),
      sink: { line in file.write(Data((line + "\n").utf8)) })
    let store = Store(
      initialState: Search.State(), feature: Search(answers: answers),
      middleware: [recorder.middleware])
    store.send(.search("rx"))
    answers.onNext(["RxSwift", "RxCocoa"])
    recorder.finish()  // writes the last step
    try file.close()
    // end snippet

    // snippet: time-travel-open
    let text = try String(contentsOf: url, encoding: .utf8)
    // Another `answers` would give other results: the session's results are used.
    let session = try Session(jsonLines: text, feature: Search(answers: PublishSubject()))
    if let line = session.truncatedLine { print("line \(line) was cut short and dropped") }
    if let mismatch = session.mismatch { print("the reducer changed: \(mismatch)") }
    var travel = TimeTravel(session: session, feature: Search(answers: PublishSubject()))
    travel.jump(to: 1)
    print(travel.state.isLoading, travel.changes(at: 1))
    // Prints: true ["query: \"\" → \"rx\"", "isLoading: false → true"]
    travel.stepForward()
    print(travel.state.results)
    // Prints: ["RxSwift", "RxCocoa"]
    // end snippet
    let testsFolder = FileManager.default.temporaryDirectory
    // snippet: time-travel-export
    let source = SessionTestExport.swiftTesting(
      session: session, feature: Search(answers: PublishSubject()), testName: "recordedSearch",
      featureExpression: "Search(answers: PublishSubject())",
      imports: ["@testable import SearchKit"])
    let testFile = testsFolder.appendingPathComponent("RecordedSearch.swift")
    try source.write(to: testFile, atomically: true, encoding: .utf8)
    // end snippet
    try? FileManager.default.removeItem(at: testFile)
    #expect(source.contains("store.receive(.loaded([\"RxSwift\", \"RxCocoa\"])) {"))
    #expect(travel.state == store.state)
    #expect(session.mismatch == nil)
    #expect(session.steps.count == 2)
  }

  @Test func badSessions() {
    // snippet: time-travel-errors
    do {
      _ = try Session(jsonLines: "{\"format\":\"reactivemvi-session\"", feature: Counter())
    } catch {
      print(error)
    }
    // Prints: line 1, column 32: not valid JSON: the line ends inside a value
    // end snippet
  }

  @Test func liveStore() {
    // snippet: time-travel-live
    let travel = StoreTimeTravel(
      initialState: Counter.State(), feature: Counter(),
      intentsWhileTravelling: .refuse { message in print(message) })
    let store = travel.store  // what the app and its views use
    store.send(.increment)
    store.send(.increment)
    travel.stepBack()  // the store, its subscribers and view stores show step 1
    print(store.state.count)
    // Prints: 1
    store.send(.decrement)
    // Prints: intent decrement refused: the store is time travelling (step 1 of 2); resume to send intents
    travel.toggleSkip(1)  // the travelled states recomputed without step 1
    print(store.state.count)
    // Prints: 0
    travel.resume()  // the live state is back
    print(store.state.count)
    // Prints: 2
    // end snippet
  }
}
