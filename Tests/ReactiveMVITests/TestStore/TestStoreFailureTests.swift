import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// A one-shot async effect that sleeps on the scheduler before its result.
struct Delayed: Feature {
  struct State: Equatable { var value = 0 }
  enum Intent: Equatable { case load }
  enum Result: Equatable { case loaded(Int) }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    let scheduler = self.scheduler
    return .task {
      try await scheduler.sleep(for: .seconds(5))
      return .loaded(42)
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    guard case .loaded(let value) = result else { return state }
    return State(value: value)
  }
}

/// Failures a TestStore must report, checked under Swift Testing (the XCTest twins are in
/// `TestStoreXCTests`).
@Suite(.timeLimit(.minutes(5))) struct TestStoreFailureTests {
  @Test func aWrongAssertionReachesSwiftTestingWithoutAReporter() {
    withKnownIssue {
      let scheduler = TestScheduler(initialClock: 0)
      let store = TestStore(
        initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
        scheduler: scheduler)
      store.send(.start) { $0.isRunning = false }
      store.send(.stop) { $0.isRunning = false }
      store.finish()
    }
  }

  @Test func failuresNameTheStepTheVirtualTimeAndWhichSideIsExpected() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler, reporter: failures.reporter)
    store.send(.start) { $0.isRunning = true }
    store.advance(by: 10)
    store.receive(.tick) { $0.seconds = 5 }
    store.send(.stop) { $0.isRunning = false }
    store.finish()
    #expect(
      failures.messages.value == [
        "TestStore (step 3, receive(tick), virtual time 10): state after tick differs from the"
          + " expected state:\n  seconds: expected 5, actual 1"
      ])
  }

  @Test func aStoreReleasedWithoutFinishFailsForWhatFinishWouldReport() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    do {
      let store = TestStore(
        initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
        scheduler: scheduler, reporter: failures.reporter)
      store.send(.start) { $0.isRunning = true }
      store.advance(by: 10)
    }
    #expect(
      failures.messages.value == [
        "TestStore (step 3, release without finish(), virtual time 10): released without finish():"
          + " unasserted results: result tick",
        "TestStore (step 3, release without finish(), virtual time 10): released without finish():"
          + " 1 effect(s) still running at the end of the test: effect #0 started by intent start"
          + " (or its result started), id tick, next due at virtual time 20 (now 10; advance by 10"
          + " tick(s) of 1.0 s)",
      ])
  }

  @Test func aStoreReleasedWithoutFinishReachesSwiftTesting() {
    withKnownIssue {
      let scheduler = TestScheduler(initialClock: 0)
      let store = TestStore(
        initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
        scheduler: scheduler)
      store.send(.start) { $0.isRunning = true }
    }
  }

  @Test func aDueTimeOfZeroTicksFailsAndNamesTheResolution() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)  // one second per tick: 300 ms is 0 ticks
    let store = TestStore(
      initialState: Search.State(), feature: Search(scheduler: scheduler), scheduler: scheduler,
      reporter: failures.reporter)
    store.send(.type("s")) { $0.query = "s" }
    store.advance(by: 1)
    store.receive(.found(["S"])) {
      $0.results = ["S"]
      $0.searches = 1
    }
    store.finish()
    #expect(
      failures.messages.value == [
        "TestStore (step 1, send(type(\"s\")), virtual time 0): a due time of 0.3 s is 0 ticks at"
          + " the scheduler's resolution of 1.0 s, so it ran at the next tick instead of after its"
          + " delay; create the scheduler with TestScheduler(initialClock: 0, resolution: 0.001)"
      ])
  }

  @Test func aSynchronousReceiveOfALaterResultNamesTheAsyncReceive() {
    let failures = FailureLog()
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Delayed.State(), feature: Delayed(scheduler: scheduler), scheduler: scheduler,
      reporter: failures.reporter)
    store.send(.load)
    store.receive(.loaded(42)) { $0.value = 42 }
    #expect(
      failures.messages.value == [
        "TestStore (step 2, receive(loaded(42)), virtual time 0): expected to receive loaded(42),"
          + " but no result arrived; 1 effect(s) still running: for a result that arrives later"
          + " (an Effect.task or .run), await store.receive(_:timeout:), or await"
          + " store.advanceSettling(by:) first when it sleeps on the scheduler"
      ])
    store.exhaustivity = .off
    store.finish()
  }

  @Test func asyncEffectsSleepOnVirtualTimeWithoutPolling() async {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Ticker.State(), feature: Ticker(scheduler: scheduler), scheduler: scheduler)
    store.send(.start)
    await store.advanceSettling(by: 1)
    store.receiveEvent(.started)
    store.receive(.tick) { $0.ticks = 1 }
    await store.advanceSettling(by: 3)  // each wake-up sleeps again before the next runs
    store.receive(.tick) { $0.ticks = 2 }
    store.receive(.tick) { $0.ticks = 3 }
    store.receive(.tick) { $0.ticks = 4 }
    #expect(scheduler.clock == 4)
    store.send(.stop)
    await store.finish(timeout: localDeadline)
  }

  @Test func aTaskEffectThatSleepsThenReturnsOnVirtualTime() async {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Delayed.State(), feature: Delayed(scheduler: scheduler), scheduler: scheduler)
    store.send(.load)
    await store.advanceSettling(by: 4)
    await store.advanceSettling(by: 1)
    store.receive(.loaded(42)) { $0.value = 42 }
    store.finish()
  }

  /// Repeats the async virtual-time run: the wait is driven by the tasks, so it never races.
  @Test(arguments: 0..<20) func asyncVirtualTimeIsRepeatable(run: Int) async {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Ticker.State(), feature: Ticker(scheduler: scheduler), scheduler: scheduler)
    store.send(.start)
    await store.advanceSettling(by: 5)
    store.receiveEvent(.started)
    for tick in 1...5 { store.receive(.tick) { $0.ticks = tick } }
    store.send(.stop)
    await store.finish(timeout: localDeadline)
  }
}
