import Foundation
import ReactiveMVITesting
import ReactiveTesting
import Testing

@testable import ReactiveMVI

/// A feature with every kind of step: a result from `handle`, one from `effect(after:)`, an
/// effect's result (its own step) and events.
struct Loader: Feature {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var status = "idle"
    var items: [String] = []
  }
  enum Intent: Equatable, Codable, Sendable {
    case add(String)
    case load, ping
  }
  enum Result: Equatable, Codable, Sendable {
    case added(String)
    case loading
    case loaded(Int)
  }
  enum Event: Equatable, Codable, Sendable { case pong }

  var loadedCount = 3

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .add(let item): .result(.added(item))
    case .load: .merge(.result(.loading), .observable(Observable.just(Result.loaded(loadedCount))))
    case .ping: .event(.pong)
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .added(let item):
      state.items.append(item)
      state.count += 1
    case .loading: state.status = "loading"
    case .loaded(let count):
      state.status = "loaded"
      state.count += count
    }
    return state
  }

  func effect(after result: Result, state: State) -> Effect<Result, Event> {
    if case .added = result, state.count == 2 { return .result(.loading) }
    return .none
  }
}

/// Records `intents` sent to a fresh `Loader` store: the session text and the states published.
func recordLoader(
  _ intents: [Loader.Intent], feature: Loader = Loader()
) -> (text: String, states: [Loader.State]) {
  let lines = Shared<[String]>([])
  let recorder = SessionRecorder(
    feature: feature, initialState: Loader.State(), sink: { lines.append($0) })
  let store = Store(
    initialState: Loader.State(), feature: feature, middleware: [recorder.middleware])
  let states = Shared<[Loader.State]>([])
  let subscription = store.subscribeStates(onNext: { states.append($0) })
  store.send(contentsOf: intents)
  recorder.finish()
  subscription.dispose()
  return (lines.value.joined(separator: "\n") + "\n", states.value)
}

@Suite struct SessionTests {
  @Test func aStepHoldsItsIntentItsResultsInReduceOrderItsEventsAndTheStateAfterIt() throws {
    let (text, _) = recordLoader([.add("a"), .add("b"), .load, .ping])
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    #expect(lines[0].contains(#""format":"reactivemvi-session""#))
    #expect(lines[0].contains(#""feature":"Loader""#))
    #expect(lines[0].contains(#""initialState":{"count":0,"items":[],"status":"idle"}"#))
    #expect(lines[0].contains(#""version":1"#))
    // The result effect(after:) returned at once belongs to the intent's step.
    #expect(
      lines[2].hasPrefix(
        #"{"intent":{"add":{"_0":"b"}},"outputs":[{"result":{"added":{"_0":"b"}}},{"result":{"loading":{}}}],"state":{"count":2,"items":["a","b"],"status":"loading"},"step":2,"wallTime":"#
      ))
    // The effect's result is a step of its own, without an intent.
    #expect(lines[4].hasPrefix(#"{"outputs":[{"result":{"loaded":{"_0":3}}}],"state":{"count":5"#))
    #expect(lines[5].contains(#""outputs":[{"event":{"pong":{}}}]"#))
  }

  @Test func theSchedulerClockIsRecordedWhenGiven() {
    let lines = Shared<[String]>([])
    let scheduler = TestScheduler(initialClock: 0)
    scheduler.advanceTo(42)
    let recorder = SessionRecorder(
      feature: Loader(), initialState: Loader.State(), scheduler: scheduler,
      sink: { lines.append($0) })
    let store = Store(
      initialState: Loader.State(), feature: Loader(), middleware: [recorder.middleware])
    store.send(.ping)
    recorder.finish()
    #expect(lines.value.last?.contains(#""schedulerTime":"#) == true)
  }

  @Test func reducingTheRecordedResultsGivesTheRecordedStatesWithNoEffectRun() throws {
    let (text, states) = recordLoader([.add("a"), .add("b"), .load, .ping, .add("c")])
    // A feature whose effects would give another result: the session's results are used.
    let session = try Session(jsonLines: text, feature: Loader(loadedCount: 100))
    #expect(session.mismatch == nil)
    #expect(session.truncatedLine == nil)
    #expect(session.steps.count == 6)
    #expect(session.steps[3].intent == nil)
    #expect(session.steps[4].events == [.pong])
    // Every state `reduce` gives from the recorded results, in order, as the store published.
    var state = session.initialState
    var reduced = [state]
    for result in session.steps.flatMap(\.results) {
      state = Loader(loadedCount: 100).reduce(state, result)
      if state != reduced.last { reduced.append(state) }
    }
    #expect(reduced == states)
    // The time traveller gives the state after each step.
    var travel = TimeTravel(session: session, feature: Loader(loadedCount: 100))
    // Step 3 (`load`) reduced `.loading` to an unchanged state; step 4 is the effect's result.
    travel.jump(to: 4)
    #expect(travel.state == states[4])
  }

  @Test func anotherFeaturesSessionIsRefused() {
    let (text, _) = recordLoader([.ping])
    #expect(throws: SessionError.otherFeature(expected: "Other", found: "Loader")) {
      try Session(jsonLines: text, feature: Loader(), featureName: "Other")
    }
  }

  @Test func anotherFormatVersionIsRefused() {
    let (text, _) = recordLoader([.ping])
    let other = text.replacingOccurrences(of: #""version":1"#, with: #""version":7"#)
    #expect(throws: SessionError.unsupportedVersion(found: 7, supported: 1)) {
      try Session(jsonLines: other, feature: Loader())
    }
    #expect(throws: SessionError.notASession) {
      try Session(jsonLines: "{\"increment\":{}}\n", feature: Loader())
    }
    #expect(throws: SessionError.empty) { try Session(jsonLines: "", feature: Loader()) }
  }

  @Test func aLastLineCutShortIsDroppedAndNamedAndTheCompleteStepsKept() throws {
    let (text, _) = recordLoader([.add("a"), .add("b"), .ping])
    let cut = String(text.dropLast(20))
    let session = try Session(jsonLines: cut, feature: Loader())
    #expect(session.steps.count == 2)
    #expect(session.truncatedLine == 4)
  }

  @Test func aMalformedLineIsNamedWithItsLineAndColumn() {
    let (text, _) = recordLoader([.add("a"), .ping])
    var lines = text.split(separator: "\n").map(String.init)
    lines[1] = #"{"step":1,"outputs":[}"#
    #expect(
      throws: SessionError.malformedLine(line: 2, column: 22, reason: "unexpected character")
    ) {
      try Session(jsonLines: lines.joined(separator: "\n") + "\n", feature: Loader())
    }
    lines[1] = #"{"step":1,"outputs":[{"result":{"nope":{}}}],"wallTime":0}"#
    #expect {
      try Session(jsonLines: lines.joined(separator: "\n") + "\n", feature: Loader())
    } throws: { error in
      guard case .undecodableLine(let line, let reason) = error as? SessionError else {
        return false
      }
      return line == 2 && reason.contains("outputs[0]")
    }
  }

  @Test func statesTheReducerNoLongerReproducesNameTheFirstStepAndField() throws {
    let (text, _) = recordLoader([.add("a"), .add("b"), .load])
    let changed = text.replacingOccurrences(
      of: #""state":{"count":2,"items":["a","b"],"status":"loading"}"#,
      with: #""state":{"count":2,"items":["a","B"],"status":"loading"}"#)
    let session = try Session(jsonLines: changed, feature: Loader())
    #expect(
      session.mismatch
        == SessionMismatch(step: 2, field: "items[1]", recorded: "\"B\"", recomputed: "\"b\""))
    #expect(
      session.mismatch?.description == #"step 2: items[1] was recorded as "B", recomputed as "b""#)
  }
}

/// A `Loader` session of `steps` steps, each a `load` whose result adds 1 to the count.
func loadSession(steps: Int) -> String {
  let header =
    #"{"feature":"Loader","format":"reactivemvi-session","initialState":{"count":0,"items":[],"status":"idle"},"version":1,"wallTime":0}"#
  var text = header + "\n"
  let step = #","intent":{"load":{}},"outputs":[{"result":{"loaded":{"_0":1}}}],"wallTime":0}"#
  for number in 1...steps { text += #"{"step":\#(number)"# + step + "\n" }
  return text
}

@Suite struct TimeTravelTests {
  @Test func jumpsStepsAndSkipsRecomputingLaterStates() throws {
    let (text, _) = recordLoader([.add("a"), .add("b"), .load, .add("c")])
    var travel = TimeTravel(
      session: try Session(jsonLines: text, feature: Loader()), feature: Loader())
    #expect(travel.stepCount == 5)
    travel.jump(to: 5)
    #expect(travel.state == Loader.State(count: 6, status: "loaded", items: ["a", "b", "c"]))
    travel.stepBack()
    #expect(travel.position == 4)
    #expect(travel.changes(at: 4) == [#"count: 2 → 5"#, #"status: "loading" → "loaded""#])
    travel.toggleSkip(1)
    #expect(travel.isSkipped(1))
    #expect(travel.state == Loader.State(count: 4, status: "loaded", items: ["b"]))
    #expect(travel.changes(at: 1) == [])
    travel.toggleSkip(1)
    #expect(travel.state == Loader.State(count: 5, status: "loaded", items: ["a", "b"]))
    travel.jump(to: 99)
    #expect(travel.position == 5)
    travel.jump(to: -1)
    #expect(travel.state == Loader.State())
  }

  @Test func aHundredThousandStepSessionStepsAndSkipsFromCheckpoints() throws {
    let text = loadSession(steps: 100_000)
    var travel = TimeTravel(
      session: try Session(jsonLines: text, feature: Loader()), feature: Loader())
    travel.jump(to: 99_999)
    #expect(travel.checkpoints.count == 100_000 / TimeTravel<Loader>.checkpointInterval + 1)
    #expect(travel.state.count == 99_999)
    travel.stepForward()
    #expect(travel.state.count == 100_000)
    travel.toggleSkip(10)
    #expect(travel.state.count == 99_999)
    #expect(travel.state(at: 50_000).count == 49_999)
  }
}

/// `Loader` counting its `reduce` calls.
struct CountingLoader: Feature {
  typealias State = Loader.State
  typealias Intent = Loader.Intent
  typealias Result = Loader.Result
  typealias Event = Loader.Event
  let reductions = Shared(0)
  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    Loader().handle(intent, state: state)
  }
  func reduce(_ state: State, _ result: Result) -> State {
    reductions.mutate { $0 += 1 }
    return Loader().reduce(state, result)
  }
}

extension TimeTravelTests {
  @Test func skippingTheShownStepOfALongSessionRecomputesOnlyUpToIt() throws {
    let text = loadSession(steps: 100_000)
    let feature = CountingLoader()
    let session = try Session(jsonLines: text, feature: feature, featureName: "Loader")
    var travel = TimeTravel(session: session, feature: feature)
    let interval = TimeTravel<CountingLoader>.checkpointInterval
    travel.jump(to: 1_000)
    feature.reductions.mutate { $0 = 0 }
    travel.toggleSkip(1_000)
    #expect(travel.state.count == 999)
    travel.stepBack()
    travel.stepForward()
    travel.toggleSkip(1_000)
    #expect(travel.state.count == 1_000)
    // Two skips and two moves, each from the checkpoint before: no state after the shown one.
    #expect(feature.reductions.value <= 4 * interval)
    // A move to the end recomputes the rest, once.
    travel.toggleSkip(10)
    travel.jump(to: 100_000)
    #expect(travel.state.count == 99_999)
    #expect(travel.checkpoints.count == 100_000 / interval + 1)
  }
}

@Suite struct SessionTestExportTests {
  @Test func anExportSendsIntentsAssertsChangedFieldsAndReceivesEffectResultsAndEvents() throws {
    let (text, _) = recordLoader([.add("a"), .add("b"), .load, .ping])
    let session = try Session(jsonLines: text, feature: Loader())
    let source = SessionTestExport.swiftTesting(
      session: session, feature: Loader(), testName: "loader", featureExpression: "Loader()",
      imports: ["@testable import ReactiveMVITests"])
    let body = source.split(separator: "\n").drop(while: { !$0.contains("reporter: reporter)") })
      .dropFirst().map(String.init)
    #expect(
      body == [
        #"  store.send(.add("a")) {"#,
        "    $0.count = 1",
        #"    $0.items = ["a"]"#,
        "  }",
        #"  store.send(.add("b")) {"#,
        "    $0.count = 2",
        #"    $0.status = "loading""#,
        #"    $0.items = ["a", "b"]"#,
        "  }",
        "  store.send(.load)",
        "  store.receive(.loaded(3)) {",
        "    $0.count = 5",
        #"    $0.status = "loaded""#,
        "  }",
        "  store.send(.ping)",
        "  store.receiveEvent(.pong)",
        "  store.finish()",
        "}",
      ])
    #expect(source.contains(".init(number: 4, intent: nil, outputs: [.result(.loaded(3))]),"))
  }

  @Test func recordedEffectsReplayTheSessionsOutputsWithoutRunningEffects() throws {
    let (text, _) = recordLoader([.add("a"), .add("b"), .load, .ping])
    let session = try Session(jsonLines: text, feature: Loader())
    // The exported assertions, run here against a feature whose effect would load 100.
    let store = TestStore(
      initialState: Loader.State(),
      feature: RecordedEffects(Loader(loadedCount: 100), steps: session.steps))
    store.send(.add("a")) {
      $0.count = 1
      $0.items = ["a"]
    }
    store.send(.add("b")) {
      $0.count = 2
      $0.status = "loading"
      $0.items = ["a", "b"]
    }
    store.send(.load)
    store.receive(.loaded(3)) {
      $0.count = 5
      $0.status = "loaded"
    }
    store.send(.ping)
    store.receiveEvent(.pong)
    store.finish()
  }
}
