import Dispatch
import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import Testing

/// A row: toggles itself, and loads a detail with a cancellable, delayed effect.
struct Row: Feature {
  struct State: Equatable, Identifiable {
    var id: Int
    var isDone = false
    var detail: String?
  }

  enum Intent: Equatable { case toggle, load }
  enum Result: Equatable {
    case toggled
    case loaded(String)
  }
  enum Event: Equatable { case toggled(Bool) }

  let scheduler: any SchedulerType

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    switch intent {
    case .toggle:
      return .merge(.result(.toggled), .event(.toggled(!state.isDone)))
    case .load:
      return Effect.observable(Observable.just(Result.loaded("detail \(state.id)")))
        .delay(for: .seconds(5), scheduler: scheduler)
        .cancellable(id: "load", cancelInFlight: true)
    }
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .toggled: state.isDone.toggle()
    case .loaded(let detail): state.detail = detail
    }
    return state
  }
}

/// A list of rows, an optional selected row, and a counter child.
struct List: Feature {
  struct State: Equatable {
    var rows: [Row.State] = [Row.State(id: 1), Row.State(id: 2)]
    var selected: Row.State?
    var counter = Counter.State()
  }

  enum Intent: Equatable {
    case row(id: Int, Row.Intent)
    case selected(Row.Intent)
    case select(Int?)
    case counter(Counter.Intent)
  }

  enum Result: Equatable {
    case row(id: Int, Row.Result)
    case selected(Row.Result)
    case select(Int?)
    case counter(Counter.Intent)
  }

  enum Event: Equatable {
    case row(id: Int, Row.Event)
    case selected(Row.Event)
  }

  let rows: ChildFeatures<List, Row, Int>
  let selected: OptionalChildFeature<List, Row>
  let counter: ChildFeature<List, Counter>

  init(scheduler: any SchedulerType) {
    rows = ChildFeatures(
      Row(scheduler: scheduler), state: \.rows,
      intent: { if case .row(let id, let intent) = $0 { (id, intent) } else { nil } },
      result: { .row(id: $0, $1) },
      extractResult: { if case .row(let id, let result) = $0 { (id, result) } else { nil } },
      event: { .row(id: $0, $1) })
    selected = OptionalChildFeature(
      Row(scheduler: scheduler), state: \.selected,
      intent: { if case .selected(let intent) = $0 { intent } else { nil } },
      result: { .selected($0) },
      extractResult: { if case .selected(let result) = $0 { result } else { nil } },
      event: { .selected($0) })
    counter = ChildFeature(
      Counter(), state: \.counter,
      intent: { if case .counter(let intent) = $0 { intent } else { nil } },
      result: { .counter($0) },
      extractResult: { if case .counter(let result) = $0 { result } else { nil } })
  }

  func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    if let effect = rows.handle(intent, state: state) ?? selected.handle(intent, state: state)
      ?? counter.handle(intent, state: state)
    {
      return effect
    }
    if case .select(let id) = intent { return .result(.select(id)) }
    return .none
  }

  func reduce(_ state: State, _ result: Result) -> State {
    if let state = rows.reduce(state, result) ?? selected.reduce(state, result)
      ?? counter.reduce(state, result)
    {
      return state
    }
    var state = state
    if case .select(let id) = result { state.selected = state.rows.first { $0.id == id } }
    return state
  }
}

@Suite(.onOwnThread) struct CompositionTests {
  @Test func childIntentsResultsAndEventsGoThroughTheParent() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: List.State(), feature: List(scheduler: scheduler), scheduler: scheduler)
    store.send(.row(id: 2, .toggle)) { $0.rows[1].isDone = true }
    store.receiveEvent(.row(id: 2, .toggled(true)))
    store.send(.counter(.increment)) { $0.counter.count = 1 }
    store.send(.row(id: 9, .toggle))  // no such row: ignored
    store.finish()
  }

  @Test func rowEffectsAreCancelledPerRow() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: List.State(), feature: List(scheduler: scheduler), scheduler: scheduler)
    store.send(.row(id: 1, .load))
    store.send(.row(id: 2, .load))  // same effect id, other row: row 1's load goes on
    store.advance(by: 2)
    store.send(.row(id: 1, .load))  // row 1 again: cancels row 1's first load only
    store.advance(by: 3)
    store.receive(.row(id: 2, .loaded("detail 2"))) { $0.rows[1].detail = "detail 2" }
    store.advance(by: 2)
    store.receive(.row(id: 1, .loaded("detail 1"))) { $0.rows[0].detail = "detail 1" }
    store.finish()
  }

  @Test func anOptionalChildIgnoresIntentsWhileAbsent() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: List.State(), feature: List(scheduler: scheduler), scheduler: scheduler)
    store.send(.selected(.toggle))  // nothing selected: ignored
    store.send(.select(1)) { $0.selected = Row.State(id: 1) }
    store.send(.selected(.toggle)) { $0.selected?.isDone = true }
    store.receiveEvent(.selected(.toggled(true)))
    store.send(.selected(.load))
    store.send(.select(nil)) { $0.selected = nil }
    store.advance(by: 5)
    store.receive(.selected(.loaded("detail 1")))  // outlived the child: state unchanged
    store.finish()
  }

  @Test func scopedStoreDerivesStatesInTheParentsOrderAndWrapsIntents() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let store = Store(initialState: List.State(), feature: List(scheduler: scheduler))
      let row = store.scope(state: { $0.rows[0] }, intent: { List.Intent.row(id: 1, $0) })
      let counter = store.scope(state: \.counter.count, intent: List.Intent.counter)
      let seen = Shared<[Bool]>([])
      let subscription = row.states.map(\.isDone).subscribe(onNext: seen.append)
      row.send(.toggle)
      counter.send(.increment)
      row.send(.toggle)
      #expect(seen.value == [false, true, true, false])  // one child state per parent state
      #expect(row.state.isDone == false)
      #expect(counter.state == 1)
      let nested = counter.scope(
        state: { $0 * 10 }, intent: { (_: Void) in Counter.Intent.increment })
      nested.send(())
      #expect(nested.state == 20)
      subscription.dispose()
      store.dispose()
    }
  }

  @Test func scopedSendsFromManyThreadsKeepOneOrder() {
    let store = Store(
      initialState: List.State(), feature: List(scheduler: TestScheduler(initialClock: 0)))
    let counter = store.scope(state: \.counter.count, intent: List.Intent.counter)
    let seenByParent = Shared<[Int]>([])
    let seenByChild = Shared<[Int]>([])
    let a = store.states.map(\.counter.count).subscribe(onNext: seenByParent.append)
    let b = counter.states.subscribe(onNext: seenByChild.append)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for _ in 0..<500 {
        if thread % 2 == 0 { counter.send(.increment) } else { store.send(.counter(.increment)) }
      }
    }
    #expect(store.state.counter.count == 4_000)
    #expect(seenByChild.value == seenByParent.value)
    #expect(seenByChild.value == Array(0...4_000))
    a.dispose()
    b.dispose()
  }
}

@Suite struct EffectTransformTests {
  enum Outer: Equatable { case inner(Int) }

  @Test func mapAndMapEventsTransformEveryOutput() {
    let store = TestStore(initialState: 0, feature: Mapped())
    store.send(.go) { $0 = 2 }
    store.receiveEvent("event 7")
    store.finish()
  }

  /// Maps an inner effect's results (Int → Outer) and events (Int → String).
  struct Mapped: Feature {
    enum Intent { case go }
    func handle(_ intent: Intent, state: Int) -> Effect<Outer, String> {
      let inner: Effect<Int, Int> = .merge(.result(2), .event(7))
      return inner.map(Outer.inner).mapEvents { "event \($0)" }
    }
    func reduce(_ state: Int, _ result: Outer) -> Int {
      if case .inner(let value) = result { return value }
      return state
    }
  }

  @Test func mappedErrorMappingsAndCancellationIdsSurvive() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: 0, feature: Failing(scheduler: scheduler), scheduler: scheduler)
    store.send(.start)
    store.send(.cancel)  // the mapped effect kept its id
    store.advance(by: 10)
    store.send(.start)
    store.advance(by: 10)
    store.receive(.inner(-1)) { $0 = -1 }  // the mapped error mapping
    store.finish()
  }

  struct Failing: Feature {
    enum Intent { case start, cancel }
    struct Failure: Error {}
    let scheduler: any SchedulerType
    func handle(_ intent: Intent, state: Int) -> Effect<Outer, Never> {
      switch intent {
      case .start:
        let inner: Effect<Int, Never> = Effect.observable(
          Observable<Int>.error(Failure()).delaySubscription(.seconds(5), scheduler: scheduler)
        ).catch { _ in -1 }.cancellable(id: "work")
        return inner.map(Outer.inner)
      case .cancel:
        return .cancel(id: "work")
      }
    }
    func reduce(_ state: Int, _ result: Outer) -> Int {
      if case .inner(let value) = result { return value }
      return state
    }
  }
}
