import Testing

@testable import ReactiveMVI

/// A feature whose `load` effect answers when the test says (`answers`), for results that arrive
/// while the store travels.
struct Pager: Feature {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var loaded: [Int] = []
  }
  enum Intent: Equatable, Codable, Sendable { case increment, load }
  enum Result: Equatable, Codable, Sendable {
    case incremented
    case loaded(Int)
  }
  enum Event: Equatable, Codable, Sendable { case didLoad }

  let answers: PublishSubject<Int>

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .increment: .result(.incremented)
    case .load: .observable(answers.map { Result.loaded($0) })
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .incremented: state.count += 1
    case .loaded(let value): state.loaded.append(value)
    }
    return state
  }

  func effect(after result: Result, state: State) -> Effect<Result, Event> {
    if case .loaded = result { return .event(.didLoad) }
    return .none
  }
}

@Suite struct StoreTimeTravelTests {
  @Test func whileTravellingTheStoreAndItsSubscribersShowThePastAndResumeShowsTheLiveState() {
    let travel = StoreTimeTravel(
      initialState: Pager.State(), feature: Pager(answers: PublishSubject()))
    let store = travel.store
    let seen = Shared<[Int]>([])
    let subscription = store.subscribeStates(onNext: { seen.append($0.count) })
    defer { subscription.dispose() }
    store.send(contentsOf: [.increment, .increment, .increment])
    travel.stepBack()
    #expect(travel.isTravelling)
    #expect(store.state.count == 2)
    travel.jump(to: 0)
    #expect(store.state.count == 0)
    travel.stepForward()
    #expect(travel.timeTravel?.changes(at: 1) == ["count: 0 → 1"])
    travel.toggleSkip(1)
    #expect(store.state.count == 0)
    travel.jump(to: 3)
    #expect(store.state.count == 2)
    travel.resume()
    #expect(!travel.isTravelling)
    #expect(store.state.count == 3)
    #expect(seen.value == [0, 1, 2, 3, 2, 0, 1, 0, 2, 3])
  }

  @Test func intentsSentWhileTravellingAreHeldAndHandledOnResumeInOrder() {
    let travel = StoreTimeTravel(
      initialState: Pager.State(), feature: Pager(answers: PublishSubject()))
    let store = travel.store
    store.send(.increment)
    travel.jump(to: 0)
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 0)
    travel.resume()
    #expect(store.state.count == 3)
    #expect(travel.session.steps.count == 3)
  }

  @Test func intentsSentWhileTravellingCanBeRefusedWithAMessage() {
    let refusals = Shared<[String]>([])
    let travel = StoreTimeTravel(
      initialState: Pager.State(), feature: Pager(answers: PublishSubject()),
      intentsWhileTravelling: .refuse { refusals.append($0) })
    let store = travel.store
    store.send(.increment)
    store.send(.increment)
    travel.stepBack()
    store.send(.load)
    #expect(
      refusals.value == [
        "intent load refused: the store is time travelling (step 1 of 2); resume to send intents"
      ])
    travel.resume()
    #expect(store.state.count == 2)
    #expect(store.runningEffectCount == 0)
  }

  @Test func effectResultsAndEventsArrivingWhileTravellingWaitForResume() {
    let answers = PublishSubject<Int>()
    let travel = StoreTimeTravel(initialState: Pager.State(), feature: Pager(answers: answers))
    let store = travel.store
    let events = Shared<[Pager.Event]>([])
    let subscription = store.events.subscribe(onNext: { events.append($0) })
    defer { subscription.dispose() }
    store.send(.increment)
    store.send(.load)
    travel.pause()
    answers.onNext(7)
    answers.onNext(8)
    #expect(store.state == Pager.State(count: 1, loaded: []))
    #expect(events.value.isEmpty)
    travel.resume()
    #expect(store.state == Pager.State(count: 1, loaded: [7, 8]))
    #expect(events.value == [.didLoad, .didLoad])
    // The held results are recorded as steps of their own once handled.
    #expect(travel.session.steps.map(\.results).suffix(2) == [[.loaded(7)], [.loaded(8)]])
  }

  @MainActor @Test func aViewStoreShowsTheTravelledState() {
    let travel = StoreTimeTravel(
      initialState: Pager.State(), feature: Pager(answers: PublishSubject()))
    let viewStore = ViewStore(travel.store)
    viewStore.send(.increment)
    viewStore.send(.increment)
    travel.stepBack()
    #expect(viewStore.count == 1)
    travel.resume()
    #expect(viewStore.count == 2)
  }

  @Test func aStoreWithoutTimeTravelIgnoresNoWork() {
    // Middleware other than time travel's holds nothing: the store handles every intent.
    let store = Store(
      initialState: Pager.State(), feature: Pager(answers: PublishSubject()),
      middleware: [Middleware { _, _ in }])
    store.send(.increment)
    #expect(store.state.count == 1)
  }
}
