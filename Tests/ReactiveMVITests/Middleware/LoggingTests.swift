import ReactiveMVI
import Testing

@Suite struct LoggingTests {
  @Test func logsIntentToChangedFieldsForStructs() {
    let lines = Shared<[String]>([])
    let store = Store(
      initialState: Counter.State(), feature: Counter(),
      middleware: [.logging(prefix: "[counter] ", sink: { lines.append($0) })])
    store.send(.increment)
    store.send(.setLabel("x"))
    store.send(.setLabel("x"))  // an equal state: not published, so not logged
    #expect(
      lines.value == [
        "[counter] increment -> count: 0 → 1",
        "[counter] setLabel(\"x\") -> label: \"\" → \"x\"",
      ])
  }

  @Test func logsWholeEnumStatesEffectResultsEventsAndFailures() async {
    let lines = Shared<[String]>([])
    let feature = MovieSearch(search: { _ in ["Alien"] })
    let store = Store(
      initialState: MovieSearch.State.idle, feature: feature,
      middleware: [.logging(sink: { lines.append($0) })])
    store.send(.search("alien"))
    #expect(await eventually { store.runningEffectCount == 0 })
    store.send(.open("Alien"))
    // The effect's result may still be draining on the effect's thread, in which case `.open` is
    // queued behind it and handled there: wait for all three lines.
    #expect(await eventually { lines.value.count == 3 })
    #expect(
      lines.value == [
        "search(\"alien\") -> loading(query: \"alien\")",
        "result found(query: \"alien\", movies: [\"Alien\"]) -> loaded([\"Alien\"])",
        "event showDetail(\"Alien\")",
      ])
    let remoteLines = Shared<[String]>([])
    let remote = Store(
      initialState: Remote.State(), feature: Remote(),
      middleware: [.logging(sink: { remoteLines.append($0) })])
    remote.send(.listen(id: "x", Observable.error(TestError(id: 4))))
    #expect(remoteLines.value == ["effect failed: TestError(4)"])
  }
}
