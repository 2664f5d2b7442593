// The code blocks of Docs/Testing.md.
import ReactiveCore
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

// snippet: testing-first-test
// snippet.import: ReactiveCore
// snippet.import: ReactiveTesting
// snippet.import: Testing

@Test func searchIsDebounced() {
  let scheduler = TestScheduler(initialClock: 0)
  let query = scheduler.createHotObservable([
    .next(150, "r"), .next(210, "re"), .next(220, "rea"), .next(300, "react"), .completed(400),
  ])
  let res = scheduler.start { query.debounce(.seconds(30), scheduler: scheduler) }
  #expect(res.events == [.next(250, "rea"), .next(330, "react"), .completed(400)])
  #expect(query.subscriptions == [Subscription(200, 400)])
}
// end snippet

// snippet: testing-async-virtual-time
/// Beats once a second, in an async effect that sleeps on the injected scheduler.
struct Metronome: Feature {
  struct State: Equatable { var beats = 0 }
  enum Intent { case start, stop }
  enum Result: Equatable { case beat }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    switch intent {
    case .start:
      let scheduler = self.scheduler
      return Effect.run { send in
        while true {
          try await scheduler.sleep(for: .seconds(1))
          send(.beat)
        }
      }.cancellable(id: "metronome")
    case .stop:
      return .cancel(id: "metronome")
    }
  }

  func reduce(_ state: State, _ result: Result) -> State { State(beats: state.beats + 1) }
}

@Test func metronomeBeatsOnVirtualTime() async {
  let scheduler = TestScheduler(initialClock: 0)
  let store = TestStore(
    initialState: Metronome.State(), feature: Metronome(scheduler: scheduler),
    scheduler: scheduler)
  store.send(.start)
  await store.advanceSettling(by: 3)  // the task sleeps again after each beat before time moves on
  store.receive(.beat) { $0.beats = 1 }
  store.receive(.beat) { $0.beats = 2 }
  store.receive(.beat) { $0.beats = 3 }
  store.send(.stop)
  await store.finish(timeout: .seconds(300))
}
// end snippet

@Suite struct TestingDocSnippets {
  enum MyError: Error, Equatable { case offline }

  @Test func marbles() throws {
    // snippet: testing-marbles
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b-c-|")  // b at 220, c at 240, | at 260
    let res = scheduler.start { xs.map { $0.uppercased() } }
    #expect(res.events == (try Marbles.events("^-B-C-|")))
    #expect(xs.subscriptions == [try Marbles.subscription("^-----!")])  // Subscription(200, 260)

    let numbers = try scheduler.createColdObservable("-a-(b|)", values: ["a": 1, "b": 2])
    // subscribed at 200: .next(210, 1), .next(230, 2), .completed(230)

    let failing = try Marbles.events("^-a-#", values: ["a": 1], error: MyError.offline)
    // [.next(220, 1), .error(240, MyError.offline)]
    // end snippet
    let later = TestScheduler(initialClock: 0)
    let cold = try later.createColdObservable("-a-(b|)", values: ["a": 1, "b": 2])
    #expect(
      later.start { cold.asObservable() }.events == [.next(210, 1), .next(230, 2), .completed(230)])
    _ = numbers
    #expect(failing == [.next(220, 1), .error(240, MyError.offline)])
  }

  @Test func marbleAssertion() throws {
    // snippet: testing-marble-assert
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b-c-|")
    let res = scheduler.start { xs.map { $0.uppercased() } }
    assertMarbles(res.events, "^-B-C-|")  // on a mismatch: both diagrams, aligned
    #expect(Marbles.diagram(res.events) == "^-B-C-|")  // recorded events drawn as a diagram
    // end snippet
  }

  enum Intent { case next }
  typealias State = Int

  /// A store-like stream for the virtual-time example: the state counts the `next` intents.
  func store(intents: Observable<Intent>, scheduler: TestScheduler) -> Observable<State> {
    intents.scan(0) { count, _ in count + 1 }.startWith(0)
  }

  @Test func intentsOnVirtualTime() {
    // snippet: testing-intents
    let scheduler = TestScheduler(initialClock: 0)
    let intents = PublishRelay<Intent>()
    let states = scheduler.createObserver(State.self)
    let subscription = store(intents: intents.asObservable(), scheduler: scheduler).subscribe(
      states)
    scheduler.scheduleAt(210) { intents.accept(.next) }
    scheduler.scheduleAt(300) { subscription.dispose() }
    scheduler.start()
    #expect(states.events.map(\.time) == [0, 210])
    // end snippet
  }
}
