import ReactiveCore
import ReactiveEngine
import ReactiveMVITesting
import ReactiveTesting
import Testing

@testable import ReactiveMVI

/// A toggle that saves each change a second later; a newer change cancels the pending save.
struct SavingToggle: Feature, Sendable {
  struct State: Equatable, Sendable {
    var isOn = false
    var isSaving = false
  }
  enum Intent: Equatable, Sendable { case flip }
  enum Result: Equatable, Sendable { case flipped, saved }
  let scheduler: TestScheduler

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    .merge(
      .result(.flipped),
      Effect.observable(
        Observable.just(Result.saved).delaySubscription(.seconds(1), scheduler: scheduler)
      ).cancellable(id: "save", cancelInFlight: true))
  }

  func reduce(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .flipped:
      state.isOn.toggle()
      state.isSaving = true
    case .saved: state.isSaving = false
    }
    return state
  }
}

/// Two embeddings of one child, composed by hand.
struct TwoToggles: Feature {
  struct State: Equatable, Sendable {
    var push = SavingToggle.State()
    var email = SavingToggle.State()
  }
  enum Intent: Equatable, Sendable {
    case push(SavingToggle.Intent)
    case email(SavingToggle.Intent)
  }
  enum Result: Equatable, Sendable {
    case push(SavingToggle.Result)
    case email(SavingToggle.Result)
  }
  let push: ChildFeature<TwoToggles, SavingToggle>
  let email: ChildFeature<TwoToggles, SavingToggle>

  init(scheduler: TestScheduler) {
    push = ChildFeature(
      SavingToggle(scheduler: scheduler), state: \.push, intent: Intent.push, result: Result.push)
    email = ChildFeature(
      SavingToggle(scheduler: scheduler), state: \.email, intent: Intent.email,
      result: Result.email)
  }

  func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
    push.handle(intent, state: state) ?? email.handle(intent, state: state) ?? .none
  }

  func reduce(_ state: State, _ result: Result) -> State {
    push.reduce(state, result) ?? email.reduce(state, result) ?? state
  }
}

/// A list of saving toggles, composed once; a row deletes itself with its `.delete` result.
struct ToggleList: ChildFeatureComposition {
  struct Row: Feature, Sendable {
    struct State: Equatable, Sendable, Identifiable {
      var id: Int
      var toggle = SavingToggle.State()
    }
    enum Intent: Equatable, Sendable {
      case toggle(SavingToggle.Intent)
      case deleteTapped
    }
    enum Result: Equatable, Sendable {
      case toggle(SavingToggle.Result)
      case delete
    }
    let toggle: ChildFeature<Row, SavingToggle>

    init(scheduler: TestScheduler) {
      toggle = ChildFeature(
        SavingToggle(scheduler: scheduler), state: \.toggle, intent: Intent.toggle,
        result: Result.toggle)
    }

    func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
      toggle.handle(intent, state: state) ?? .result(.delete)
    }

    func reduce(_ state: State, _ result: Result) -> State {
      toggle.reduce(state, result) ?? state
    }
  }

  struct State: Equatable, Sendable {
    var rows: [Row.State] = [Row.State(id: 1), Row.State(id: 2)]
    var showsOnlyOn = false
  }
  enum Intent: Equatable, Sendable {
    case row(id: Int, Row.Intent)
    case removeAll
    case cancelRow(Int)
  }
  enum Result: Equatable, Sendable {
    case row(id: Int, Row.Result)
    case removeAll
    case cancelRow(Int)
  }

  let rows: ChildFeatures<ToggleList, Row, Int>
  let children: [any EmbeddedChild<ToggleList>]

  init(scheduler: TestScheduler) {
    rows = ChildFeatures(
      Row(scheduler: scheduler), state: \.rows, intent: Intent.row, result: Result.row)
    children = [rows]
  }

  func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Never> {
    switch intent {
    case .row: .none  // a child's: never reaches here
    case .removeAll: .result(.removeAll)
    case .cancelRow(let id): rows.cancelAll(inRow: id)
    }
  }

  func reduceOwn(_ state: State, _ result: Result) -> State {
    var state = state
    switch result {
    case .row(let id, .delete): state.rows.removeAll { $0.id == id }
    case .removeAll: state.rows = []
    case .row, .cancelRow: break
    }
    return state
  }
}

/// Two lists of the same row feature whose rows share ids.
struct TwoLists: ChildFeatureComposition {
  struct State: Equatable, Sendable {
    var left = [ToggleList.Row.State(id: 1)]
    var right = [ToggleList.Row.State(id: 1)]
  }
  enum Intent: Equatable, Sendable {
    case left(id: Int, ToggleList.Row.Intent)
    case right(id: Int, ToggleList.Row.Intent)
  }
  enum Result: Equatable, Sendable {
    case left(id: Int, ToggleList.Row.Result)
    case right(id: Int, ToggleList.Row.Result)
  }
  let left: ChildFeatures<TwoLists, ToggleList.Row, Int>
  let right: ChildFeatures<TwoLists, ToggleList.Row, Int>
  var children: [any EmbeddedChild<TwoLists>] { [left, right] }

  init(scheduler: TestScheduler) {
    left = ChildFeatures(
      ToggleList.Row(scheduler: scheduler), state: \.left, intent: Intent.left,
      result: Result.left)
    right = ChildFeatures(
      ToggleList.Row(scheduler: scheduler), state: \.right, intent: Intent.right,
      result: Result.right)
  }

  func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Never> { .none }

  func reduceOwn(_ state: State, _ result: Result) -> State {
    var state = state
    if case .left(let id, .delete) = result { state.left.removeAll { $0.id == id } }
    return state
  }
}

@Suite struct ChildEffectScopeTests {
  /// Two toggles, push just flipped (its save waits a second).
  static func togglesSavingPush(scheduler: TestScheduler) -> TestStore<TwoToggles> {
    let store = TestStore(
      initialState: TwoToggles.State(), feature: TwoToggles(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.push(.flip)) {
      $0.push.isOn = true
      $0.push.isSaving = true
    }
    return store
  }

  @Test func twoEmbeddingsOfOneChildKeepTheirCancellationIDsApart() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let store = Self.togglesSavingPush(scheduler: scheduler)
    store.advance(by: 500)
    store.send(.email(.flip)) {
      $0.email.isOn = true
      $0.email.isSaving = true
    }
    store.advance(by: 500)
    store.receive(.push(.saved)) { $0.push.isSaving = false }
    store.advance(by: 500)
    store.receive(.email(.saved)) { $0.email.isSaving = false }
    store.finish()
  }

  @Test func aChildCancelsItsOwnIDsOnlyAndAllOfThemAtOnce() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let feature = TwoToggles(scheduler: scheduler)
    let store = Store(initialState: TwoToggles.State(), feature: feature)
    store.send(.push(.flip))
    store.send(.email(.flip))
    #expect(store.runningEffectCount == 2)
    let cancelPush = feature.push.cancel(id: "save")
    // The parent's own cancel by the child's id reaches no child.
    let parentCancel = Effect<TwoToggles.Result, Never>.cancel(id: "save")
    #expect(Self.cancels(parentCancel, in: store) == 0)
    #expect(Self.cancels(cancelPush, in: store) == 1)
    #expect(Self.cancels(feature.email.cancelAll(), in: store) == 1)
  }

  /// How many running effects of `store` `effect` cancels.
  static func cancels(_ effect: Effect<TwoToggles.Result, Never>, in store: Store<TwoToggles>)
    -> Int
  {
    let before = store.runningEffectCount
    run(effect, in: store)
    return before - store.runningEffectCount
  }

  /// A list whose two rows each have a save waiting.
  static func listSavingBothRows() -> TestStore<ToggleList> {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let store = TestStore(
      initialState: ToggleList.State(), feature: ToggleList(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.row(id: 1, .toggle(.flip))) {
      $0.rows[0].toggle = SavingToggle.State(isOn: true, isSaving: true)
    }
    store.send(.row(id: 2, .toggle(.flip))) {
      $0.rows[1].toggle = SavingToggle.State(isOn: true, isSaving: true)
    }
    return store
  }

  @Test func aRemovedRowsEffectsEndWithIt() {
    let store = Self.listSavingBothRows()
    // The row deletes itself: its `.delete` result is the parent's to reduce.
    store.send(.row(id: 1, .deleteTapped)) { $0.rows.removeFirst() }
    #expect(store.store.runningEffectCount == 1)
    store.advance(by: .seconds(1))
    store.receive(.row(id: 2, .toggle(.saved))) { $0.rows[0].toggle.isSaving = false }
    store.finish()
  }

  @Test func rowsFilteredOutOfTheListEndTheirEffects() {
    let store = Self.listSavingBothRows()
    store.send(.removeAll) { $0.rows = [] }
    #expect(store.store.runningEffectCount == 0)
    store.finish()
  }

  @Test func cancelAllInRowEndsEveryEffectOfThatRowOnly() {
    let store = Self.listSavingBothRows()
    store.send(.cancelRow(1))
    store.advance(by: .seconds(1))
    store.receive(.row(id: 2, .toggle(.saved))) { $0.rows[1].toggle.isSaving = false }
    store.finish()
  }

  /// Two lists whose row 1 each have a save waiting.
  static func twoListsSavingRowOne(scheduler: TestScheduler) -> TestStore<TwoLists> {
    let store = TestStore(
      initialState: TwoLists.State(), feature: TwoLists(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.left(id: 1, .toggle(.flip))) {
      $0.left[0].toggle = SavingToggle.State(isOn: true, isSaving: true)
    }
    store.send(.right(id: 1, .toggle(.flip))) {
      $0.right[0].toggle = SavingToggle.State(isOn: true, isSaving: true)
    }
    return store
  }

  @Test func rowsOfTwoListsWithEqualIDsKeepTheirEffectsApart() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let store = Self.twoListsSavingRowOne(scheduler: scheduler)
    // Row 1 leaves the left list: only its own save ends.
    store.send(.left(id: 1, .deleteTapped)) { $0.left = [] }
    #expect(store.store.runningEffectCount == 1)
    store.advance(by: .seconds(1))
    store.receive(.right(id: 1, .toggle(.saved))) { $0.right[0].toggle.isSaving = false }
    store.finish()
  }

  @Test func cancellingARowOfOneListLeavesTheOtherListsRowWithTheSameID() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let feature = TwoLists(scheduler: scheduler)
    let store = Store(initialState: TwoLists.State(), feature: feature)
    store.send(.left(id: 1, .toggle(.flip)))
    store.send(.right(id: 1, .toggle(.flip)))
    #expect(store.runningEffectCount == 2)
    run(feature.right.cancelAll(inRow: 1), in: store)
    #expect(store.runningEffectCount == 1)
    scheduler.advanceTo(1_000)
    #expect(!store.state.left[0].toggle.isSaving)
    #expect(store.state.right[0].toggle.isSaving)
    store.dispose()
  }

  @Test func theStillRunningMessageNamesEachEffectItsRowAndWhenItFallsDue() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let failures = Locked<[String]>([])
    let store = TestStore(
      initialState: ToggleList.State(), feature: ToggleList(scheduler: scheduler),
      scheduler: scheduler,
      reporter: TestStoreReporter { message, _ in failures.withLock { $0.append(message) } })
    store.send(.row(id: 2, .toggle(.flip))) {
      $0.rows[1].toggle = SavingToggle.State(isOn: true, isSaving: true)
    }
    store.advance(by: .milliseconds(300))
    store.send(.row(id: 1, .toggle(.flip))) {
      $0.rows[0].toggle = SavingToggle.State(isOn: true, isSaving: true)
    }
    store.finish()
    func started(_ row: Int) -> String {
      "started by intent row(id: \(row), ReactiveMVITests.ToggleList.Row.Intent.toggle("
        + "ReactiveMVITests.SavingToggle.Intent.flip)) (or its result row(id: \(row),"
        + " ReactiveMVITests.ToggleList.Row.Result.toggle(ReactiveMVITests.SavingToggle.Result"
        + ".flipped))), id row \(row) › child \\State.toggle › save"
    }
    let expected: String =
      "TestStore (step 4, finish(), virtual time 300): 2 effect(s) still running at the end of"
      + " the test: effect #0 \(started(2)), next due at virtual time 1000 (now 300; advance by"
      + " 700 tick(s) of 0.001 s); effect #1 \(started(1)), next due at virtual time 1300 (now"
      + " 300; advance by 1000 tick(s) of 0.001 s)"
    #expect(failures.withLock { $0 } == [expected])
  }

  @Test func advanceTakesADurationAtTheSchedulersResolution() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let store = Self.togglesSavingPush(scheduler: scheduler)
    store.advance(by: .milliseconds(999))
    #expect(scheduler.clock == 999)
    #expect(store.currentState.push.isSaving)
    store.advance(by: .milliseconds(1))
    store.receive(.push(.saved)) { $0.push.isSaving = false }
    store.finish()
  }

  @Test func advanceByADurationBelowOneTickFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let failures = Locked<[String]>([])
    let store = TestStore(
      initialState: TwoToggles.State(), feature: TwoToggles(scheduler: scheduler),
      scheduler: scheduler,
      reporter: TestStoreReporter { message, _ in failures.withLock { $0.append(message) } })
    store.advance(by: .milliseconds(300))
    store.finish()
    let expected: String =
      "TestStore (step 1, advance(by: milliseconds(300)), virtual time 0): advance(by:"
      + " milliseconds(300)) is 0 ticks (or never) at the scheduler's resolution of 1.0 s:"
      + " create the scheduler with a finer resolution"
    #expect(failures.withLock { $0 } == [expected])
  }
}

/// The timing Docs/Testing.md states for fake services: `delay` ends a `Single` one tick after
/// its value, `delaySubscription` with it.
@Suite struct FakeServiceTimingTests {
  struct Fetch: Feature {
    struct State: Equatable, Sendable { var value = 0 }
    enum Intent: Equatable, Sendable { case fetch }
    enum Result: Equatable, Sendable { case fetched(Int) }
    let delaysTheSubscription: Bool
    let scheduler: TestScheduler

    func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
      let answer = Single.just(Result.fetched(7))
      return .observable(
        delaysTheSubscription
          ? answer.delaySubscription(.seconds(1), scheduler: scheduler)
          : answer.delay(.seconds(1), scheduler: scheduler))
    }

    func reduce(_ state: State, _ result: Result) -> State {
      guard case .fetched(let value) = result else { return state }
      return State(value: value)
    }
  }

  @Test(arguments: [false, true])
  func aDelayedSingleEndsOneTickAfterItsValue(delaysTheSubscription: Bool) {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let store = TestStore(
      initialState: Fetch.State(),
      feature: Fetch(delaysTheSubscription: delaysTheSubscription, scheduler: scheduler),
      scheduler: scheduler)
    store.send(.fetch)
    store.advance(by: .seconds(1))
    store.receive(.fetched(7)) { $0.value = 7 }
    #expect(store.store.runningEffectCount == (delaysTheSubscription ? 0 : 1))
    store.advance(by: 1)
    #expect(store.store.runningEffectCount == 0)
    store.finish()
  }

  /// What an item of an effect schedules when it runs is the effect's too: the completion a
  /// `delay`ed Single schedules when its value is delivered is named as the effect's next due.
  @Test func theCompletionADelayedSingleSchedulesIsTheEffectsNextDue() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let failures = Locked<[String]>([])
    let store = TestStore(
      initialState: Fetch.State(),
      feature: Fetch(delaysTheSubscription: false, scheduler: scheduler),
      scheduler: scheduler,
      reporter: TestStoreReporter { message, _ in failures.withLock { $0.append(message) } })
    store.send(.fetch)
    store.advance(by: .seconds(1))
    store.receive(.fetched(7)) { $0.value = 7 }
    store.finish()
    let expected: String =
      "TestStore (step 4, finish(), virtual time 1000): 1 effect(s) still running at the end of"
      + " the test: effect #0 started by intent fetch, next due at virtual time 1001 (now 1000;"
      + " advance by 1 tick(s) of 0.001 s)"
    #expect(failures.withLock { $0 } == [expected])
  }
}

/// A child declared once: its `effect(after:)` runs without the parent naming it, and a
/// parent intent no child takes is reduced by default.
@Suite struct ChildDeclaredOnceTests {
  struct Counter: Feature, Sendable {
    struct State: Equatable, Sendable {
      var count = 0
      var saved = 0
    }
    enum Intent: Equatable, Sendable { case increment }
    enum Result: Equatable, Sendable {
      case incremented
      case saved(Int)
    }

    func handle(_ intent: Intent, state: State) -> Effect<Result, Never> { .result(.incremented) }

    func reduce(_ state: State, _ result: Result) -> State {
      var state = state
      switch result {
      case .incremented: state.count += 1
      case .saved(let count): state.saved = count
      }
      return state
    }

    func effect(after result: Result, state: State) -> Effect<Result, Never> {
      guard case .incremented = result else { return .none }
      return .result(.saved(state.count))
    }
  }

  struct Screen: ChildFeatureComposition {
    struct State: Equatable, Sendable {
      var counter = Counter.State()
      var title = ""
    }
    enum Intent: Equatable, Sendable {
      case counter(Counter.Intent)
      case rename(String)
    }
    enum Result: Equatable, Sendable {
      case counter(Counter.Result)
      case rename(String)
    }
    let children: [any EmbeddedChild<Screen>] = [
      ChildFeature(Counter(), state: \.counter, intent: Intent.counter, result: Result.counter)
    ]

    func handleOwn(_ intent: Intent, state: State) -> Effect<Result, Never> {
      guard case .rename(let title) = intent else { return .none }
      return .result(.rename(title))
    }

    func reduceOwn(_ state: State, _ result: Result) -> State {
      guard case .rename(let title) = result else { return state }
      var state = state
      state.title = title
      return state
    }
  }

  struct Titles: ChildFeatureComposition {
    struct State: Equatable, Sendable { var title = "" }
    enum Intent: Equatable, Sendable { case rename(String) }
    let children: [any EmbeddedChild<Titles>] = []

    func reduceOwn(_ state: State, _ result: Intent) -> State {
      guard case .rename(let title) = result else { return state }
      return State(title: title)
    }
  }

  @Test func theChildsEffectAfterItsResultRuns() {
    let store = Store(initialState: Screen.State(), feature: Screen())
    store.send(.counter(.increment))
    store.send(.rename("counter"))
    #expect(
      store.state == Screen.State(counter: Counter.State(count: 1, saved: 1), title: "counter"))
  }

  @Test func anIntentNoChildTakesIsReducedByDefault() {
    let store = Store(initialState: Titles.State(), feature: Titles())
    store.send(.rename("settings"))
    #expect(store.state.title == "settings")
  }
}

/// Runs `effect` as the store runs a feature's effect: on its drainer, with the role (at once on
/// an idle store).
private func run<F: Feature>(_ effect: Effect<F.Result, F.Event>, in store: Store<F>) {
  store.submit(.perform { store, role in store.run(effect, role) })
}
