import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// A profile with nested state, for diffs.
struct Directory: Feature {
  struct Address: Equatable {
    var city: String
    var zip: String
  }
  struct Person: Equatable {
    var name: String
    var address: Address
    var tags: [String]
  }
  struct State: Equatable {
    var people: [Person]
    var selected: Int?
  }
  enum Intent: Equatable {
    case move(Int, String)
    case tag(Int, String)
    case select(Int?)
  }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .move(let index, let city): state.people[index].address.city = city
    case .tag(let index, let tag): state.people[index].tags.append(tag)
    case .select(let index): state.selected = index
    }
    return state
  }

  static let initial = State(
    people: [
      Person(name: "Ada", address: Address(city: "London", zip: "N1"), tags: []),
      Person(name: "Grace", address: Address(city: "NYC", zip: "10001"), tags: ["navy"]),
    ], selected: nil)
}

@Suite struct TestStoreModesTests {
  @Test func failuresShowNestedFieldPaths() {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Directory.initial, feature: Directory(), reporter: failures.reporter)
    store.send(.move(1, "Arlington")) { $0.people[1].address.city = "Boston" }
    store.send(.tag(0, "math"))
    store.send(.select(1))
    #expect(
      failures.messages.value == [
        "TestStore (step 1, send(move(1, \"Arlington\"))): state after move(1, \"Arlington\") differs from the expected state:\n  people[1].address.city: expected \"Boston\", actual \"Arlington\"",
        "TestStore (step 2, send(tag(0, \"math\"))): state changed after tag(0, \"math\") but no assertion was given (expected: unchanged):\n  people[0].tags[0]: expected (none), actual \"math\"",
        "TestStore (step 3, send(select(Optional(1)))): state changed after select(Optional(1)) but no assertion was given (expected: unchanged):\n  selected: expected nil, actual 1",
      ])
    store.finish()
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler, reporter: failures.reporter)
    store.exhaustivity = .off
    store.send(.start)  // the change is not asserted: fine
    store.advance(by: 30)  // three ticks
    store.receive(.tick) { $0.seconds = 3 }  // the first tick
    store.send(.announce)
    store.send(.stop) { $0.isRunning = false }
    store.finish()  // the event was not received: fine
    // The first tick left seconds at 1, so the assertion `seconds = 3` is wrong: reported.
    #expect(failures.messages.value.count == 1)
    #expect(failures.messages.value.first?.contains("seconds: expected 3, actual 1") == true)
  }

  @Test func nonExhaustiveSendSkipsUnreceivedResults() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler, reporter: failures.reporter)
    store.exhaustivity = .off
    store.send(.start) { $0.isRunning = true }
    store.advance(by: 30)  // three ticks, not received
    store.send(.stop) {
      $0.isRunning = false
      $0.seconds = 3  // checked against the actual state, which counted the skipped ticks
    }
    store.finish()
    #expect(failures.messages.value.isEmpty)
  }

  @Test func receiveMatchingAndEventsWithoutEquatable() async {
    let store = TestStore(initialState: 0, feature: Unequatable())
    store.send(.go)
    await store.receive(
      matching: { if case .value(let n) = $0 { n == 42 } else { false } }, timeout: localDeadline
    ) {
      $0 = 42
    }
    store.receiveEvent(matching: { if case .note(let text) = $0 { text == "done" } else { false } })
    await store.finishEffects()
    store.finish()
  }

  @Test func receiveMatchingOnVirtualTimeWithoutEquatable() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: 0, feature: Unequatable(scheduler: scheduler), scheduler: scheduler,
      reporter: failures.reporter)
    store.send(.go)
    store.advance(by: 5)
    store.receive(matching: { if case .value(let n) = $0 { n == 42 } else { false } }) { $0 = 42 }
    store.receiveEvent(matching: { if case .note(let text) = $0 { text == "done" } else { false } })
    #expect(failures.messages.value.isEmpty)
    // A result that does not match is reported (the step is still consumed).
    store.send(.go)
    store.advance(by: 5)
    store.receive(matching: { if case .value(let n) = $0 { n == 7 } else { false } })
    store.receiveEvent(matching: { _ in true })
    #expect(
      failures.messages.value == [
        "TestStore (step 7, receive(a matching result), virtual time 10): expected to receive a matching result, received value(42)"
      ])
    store.finish()
  }

  /// Results and events that are not Equatable (on real time, or on `scheduler` when given).
  struct Unequatable: Feature {
    enum Intent { case go }
    enum Result { case value(Int) }
    enum Event { case note(String) }
    var scheduler: (any SchedulerType)?
    func handle(_ intent: Intent, state: Int) -> Effect<Result, Event> {
      let work = Effect<Result, Event>.run { send in
        send(.value(42))
        send.event(.note("done"))
      }
      guard let scheduler else { return work }
      return .merge(.result(.value(42)), .event(.note("done"))).delay(
        for: .seconds(5), scheduler: scheduler)
    }
    func reduce(_ state: Int, _ result: Result) -> Int {
      if case .value(let n) = result { return n }
      return state
    }
  }
}
