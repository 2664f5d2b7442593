import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

@testable import ReactiveCore

/// Search as you type: debounced, the latest query wins.
struct Search: Feature {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var searches = 0
  }
  enum Intent: Equatable {
    case type(String)
    case tap(Int)
    case ping
  }
  enum Result: Equatable {
    case typed(String)
    case found([String])
    case tapped(Int)
    case pong
  }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    switch intent {
    case .type(let query):
      return .merge(
        .result(.typed(query)),
        Effect.observable(Observable.just(Result.found([query.uppercased()])))
          .debounce(id: "search", for: .milliseconds(300), scheduler: scheduler))
    case .tap(let n):
      return Effect.result(.tapped(n)).throttle(
        id: ThrottleID(scheduler: ObjectIdentifier(scheduler as AnyObject)), for: .seconds(1),
        scheduler: scheduler)
    case .ping:
      return Effect.result(.pong).delay(for: .milliseconds(500), scheduler: scheduler)
    }
  }

  struct ThrottleID: Hashable, Sendable { let scheduler: ObjectIdentifier }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .typed(let query): state.query = query
    case .found(let results):
      state.results = results
      state.searches += 1
    case .tapped(let n): state.results.append("tap \(n)")
    case .pong: state.results.append("pong")
    }
    return state
  }
}

@Suite struct EffectTimeTests {
  /// Milliseconds as ticks.
  let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)

  @Test func debounceRunsOnlyTheLatestAfterTheQuietTime() {
    let store = TestStore(
      initialState: Search.State(), feature: Search(scheduler: scheduler), scheduler: scheduler)
    store.send(.type("s")) { $0.query = "s" }
    store.advance(by: 200)
    store.send(.type("sw")) { $0.query = "sw" }
    store.advance(by: 299)
    store.send(.type("swi")) { $0.query = "swi" }
    store.advance(by: 300)
    store.receive(.found(["SWI"])) {
      $0.results = ["SWI"]
      $0.searches = 1
    }
    store.finish()
  }

  @Test func throttleRunsTheFirstAtOnceAndTheLatestAtTheEndOfTheWindow() {
    let store = TestStore(
      initialState: Search.State(), feature: Search(scheduler: scheduler), scheduler: scheduler)
    store.send(.tap(1)) { $0.results = ["tap 1"] }
    store.advance(by: 100)
    store.send(.tap(2))
    store.advance(by: 100)
    store.send(.tap(3))  // replaces tap 2, runs when the window ends (at 1000)
    store.advance(by: 799)
    store.advance(by: 1)
    store.receive(.tapped(3)) { $0.results.append("tap 3") }
    store.advance(by: 1_000)
    store.send(.tap(4)) { $0.results.append("tap 4") }  // a new window
    store.finish()
  }

  @Test func delayDeliversSynchronousOutputsLater() {
    let store = TestStore(
      initialState: Search.State(), feature: Search(scheduler: scheduler), scheduler: scheduler)
    store.send(.ping)
    store.advance(by: 499)
    store.advance(by: 1)
    store.receive(.pong) { $0.results = ["pong"] }
    store.finish()
  }

  @Test func disposingTheStoreCancelsWaitingEffectsWithoutLeaks() {
    let (_, live) = Resources.tracking {
      let store = Store(initialState: Search.State(), feature: Search(scheduler: scheduler))
      store.send(.type("a"))
      store.send(.ping)
      #expect(store.runningEffectCount == 2)
      store.dispose()
      #expect(store.runningEffectCount == 0)
      scheduler.advanceTo(10_000)
      #expect(store.state.results.isEmpty)
    }
    #expect(live == 0)
  }
}

/// A ticker whose async effect sleeps on the injected scheduler.
struct Ticker: Feature {
  struct State: Equatable { var ticks = 0 }
  enum Intent: Equatable { case start, stop }
  enum Result: Equatable { case tick }
  enum Event: Equatable { case started }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .start:
      let scheduler = self.scheduler
      return Effect.run { send in
        send.event(.started)
        while true {
          try await scheduler.sleep(for: .seconds(1))
          send(.tick)
        }
      }.cancellable(id: "ticker")
    case .stop:
      return .cancel(id: "ticker")
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    State(ticks: state.ticks + 1)
  }
}

// The waits fail after `localDeadline` (TestSupport); the time limit is the safety net for a hang
// anywhere else, long enough for ThreadSanitizer's slowdown.
@Suite(.timeLimit(.minutes(5))) struct AsyncSleepTests {
  /// Waits until the effect's task has scheduled its wake-up on the virtual clock.
  func waitForSleep(_ scheduler: TestScheduler) async {
    #expect(await eventually { scheduler.pendingCount > 0 })
  }

  @Test func asyncEffectsSleepOnVirtualTime() async {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Ticker.State(), feature: Ticker(scheduler: scheduler), scheduler: scheduler)
    store.send(.start)
    await store.receiveEvent(.started, timeout: localDeadline)
    await waitForSleep(scheduler)
    store.advance(by: 1)
    await store.receive(.tick, timeout: localDeadline) { $0.ticks = 1 }
    await waitForSleep(scheduler)
    store.advance(by: 1)
    await store.receive(.tick, timeout: localDeadline) { $0.ticks = 2 }
    store.send(.stop)
    await store.finishEffects()
    #expect(scheduler.pendingCount == 0)  // the cancelled sleep disposed its wake-up
    store.finish()
  }

  @Test func cancellingASleepingTaskThrowsAtOnce() async {
    let scheduler = TestScheduler(initialClock: 0)
    let task = Task { try await scheduler.sleep(for: .seconds(100)) }
    await waitForSleep(scheduler)
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(scheduler.pendingCount == 0)
    let cancelledFirst = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await scheduler.sleep(for: .seconds(1))
    }
    let firstResult = await cancelledFirst.result
    #expect(throws: CancellationError.self) { try firstResult.get() }
  }

  @Test func waitForEffectsReturnsWhenTheLastEffectEnds() async {
    let scheduler = TestScheduler(initialClock: 0)
    let store = Store(initialState: Ticker.State(), feature: Ticker(scheduler: scheduler))
    await store.waitForEffects()  // nothing running: at once
    store.send(.start)
    #expect(store.runningEffectCount == 1)
    async let idle: Void = store.waitForEffects()
    store.send(.stop)
    await idle
    #expect(store.runningEffectCount == 0)
  }
}
