import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// A stopwatch ticking on a scheduler: the virtual-time example.
struct Stopwatch: Feature {
  struct State: Equatable {
    var isRunning = false
    var seconds = 0
  }

  enum Intent: Equatable { case start, stop, announce }
  enum Result: Equatable { case started, stopped, tick }
  enum Event: Equatable { case announced(Int) }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .start:
      return .merge(
        .result(.started),
        .observable(Observable<Int>.interval(.seconds(10), scheduler: scheduler).map { _ in .tick })
          .cancellable(id: "tick", cancelInFlight: true))
    case .stop:
      return .merge(.cancel(id: "tick"), .result(.stopped))
    case .announce:
      return .event(.announced(state.seconds))
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .started: state.isRunning = true
    case .stopped: state.isRunning = false
    case .tick: state.seconds += 1
    }
    return state
  }
}

/// Collects TestStore failures instead of failing the test.
final class FailureLog: Sendable {
  let messages = Shared<[String]>([])
  var reporter: TestStoreReporter {
    let messages = self.messages
    return TestStoreReporter { message, _ in messages.append(message) }
  }
}

@Suite struct TestStoreTests {
  @Test func drivesAStoreOnVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.start) { $0.isRunning = true }
    store.advance(by: 9)
    store.advance(by: 1)
    store.receive(.tick) { $0.seconds = 1 }
    store.advance(by: 10)
    store.receive(.tick) { $0.seconds = 2 }
    store.send(.announce)
    store.receiveEvent(.announced(2))
    store.send(.stop) { $0.isRunning = false }
    store.advance(by: 100)
    store.finish()
  }

  @Test func reportsUnassertedAndWrongStates() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler, reporter: failures.reporter)
    store.send(.start)
    #expect(
      failures.messages.value == [
        "TestStore (step 1, send(start), virtual time 0): state changed after start but no assertion was given (expected: unchanged):\n  isRunning: expected false, actual true"
      ])
    #expect(store.state.isRunning)  // carries on from the actual state
    store.advance(by: 10)
    store.receive(.tick) { $0.seconds = 5 }
    #expect(failures.messages.value.count == 2)
    #expect(failures.messages.value.last?.contains("seconds: expected 5, actual 1") == true)
    store.send(.stop) { $0.isRunning = false }
    store.finish()
    #expect(failures.messages.value.count == 2)
  }

  @Test func reportsUnreceivedResultsEventsAndRunningEffects() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler, reporter: failures.reporter)
    store.send(.start) { $0.isRunning = true }
    store.advance(by: 10)
    store.send(.announce)  // the tick was not received
    store.finish()  // the event was not received and the ticker still runs
    #expect(
      failures.messages.value == [
        "TestStore (step 3, send(announce), virtual time 10): must receive result tick before sending announce",
        "TestStore (step 4, finish(), virtual time 10): unasserted events: [ReactiveMVITests.Stopwatch.Event.announced(1)]",
        "TestStore (step 4, finish(), virtual time 10): 1 effect(s) still running at the end of the"
          + " test: effect #0 started by intent start (or its result started), id tick, next due at"
          + " virtual time 20 (now 10; advance by 10 tick(s) of 1.0 s)",
      ])
  }

  @Test func reportsMissingAndUnexpectedResults() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler, reporter: failures.reporter)
    store.receive(.tick)
    store.receiveEvent(.announced(0))
    store.send(.start) { $0.isRunning = true }
    store.advance(by: 10)
    store.receive(.stopped)
    store.send(.stop) { $0.isRunning = false }
    store.finish()
    #expect(
      failures.messages.value == [
        "TestStore (step 1, receive(tick), virtual time 0): expected to receive tick, but no result arrived",
        "TestStore (step 2, receiveEvent(announced(0)), virtual time 0): expected event announced(0), but no event was published",
        "TestStore (step 5, receive(stopped), virtual time 10): expected to receive stopped, received tick",
        "TestStore (step 5, receive(stopped), virtual time 10): state changed after tick but no assertion was given (expected: unchanged):\n  seconds: expected 0, actual 1",
      ])
  }

  @Test func asyncEffectsWithRealTimeWaiting() async {
    let store = TestStore(
      initialState: MovieSearch.State.idle,
      feature: MovieSearch(search: { query in query == "none" ? [] : ["Heat"] }))
    store.send(.search("heat")) { $0 = .loading(query: "heat") }
    await store.receive(.found(query: "heat", movies: ["Heat"]), timeout: localDeadline) {
      $0 = .loaded(["Heat"])
    }
    store.send(.search("none")) { $0 = .loading(query: "none") }
    await store.receive(.found(query: "none", movies: []), timeout: localDeadline) {
      $0 = .empty(query: "none")
    }
    store.send(.open("Heat"))
    store.receiveEvent(.showDetail("Heat"))
    await store.finish(timeout: localDeadline)
  }
}
