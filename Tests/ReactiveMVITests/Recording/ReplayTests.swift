import ReactiveMVI
import Testing

@Suite struct ReplayTests {
  @Test func recordedIntentsReplayIntoAFreshStoreWithTheSameStates() throws {
    let log = Shared<[String]>([])
    let original = Store(
      initialState: Counter.State(), feature: Counter(),
      middleware: [.recordingIntents(to: { log.append($0) })])
    let originalStates = Shared<[Counter.State]>([])
    let a = original.states.subscribe(onNext: { originalStates.append($0) })
    original.send(contentsOf: [.increment, .increment, .setLabel("hi \"there\"\n"), .decrement])
    a.dispose()

    let text = log.value.joined(separator: "\n") + "\n"
    #expect(log.value.count == 4)
    #expect(log.value[0] == #"{"increment":{}}"#)

    let copy = Store(initialState: Counter.State(), feature: Counter())
    let copiedStates = Shared<[Counter.State]>([])
    let b = copy.states.subscribe(onNext: { copiedStates.append($0) })
    try copy.replay(jsonLines: text)
    b.dispose()
    #expect(copiedStates.value == originalStates.value)
    #expect(copy.state == Counter.State(count: 1, label: "hi \"there\"\n"))
  }

  @Test func aLogWithCRLFLineEndsReplays() throws {
    let store = Store(initialState: Counter.State(), feature: Counter())
    try store.replay(jsonLines: "{\"increment\":{}}\r\n{\"increment\":{}}\r\n")
    #expect(store.state.count == 2)
    #expect(
      try IntentLog.intents(Counter.Intent.self, fromJSONLines: "{\"decrement\":{}}\r\n\r\n") == [
        .decrement
      ])
  }

  @Test func aBadLineIsReportedWithItsNumberAndNothingIsSent() {
    let store = Store(initialState: Counter.State(), feature: Counter())
    let log = "{\"increment\":{}}\n\n  \nnot json\n"
    #expect {
      try store.replay(jsonLines: log)
    } throws: { error in
      (error as? IntentLog.DecodingFailure)?.line == 4
    }
    #expect(store.state.count == 0)
  }
}
