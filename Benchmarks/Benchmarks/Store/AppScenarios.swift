import ReactiveCore
import ReactiveMVI

// The app-layer scenarios of the Store benchmarks and of the Profile package, written once (see
// Streams/Scenarios.swift: `ScenarioRunner`, `NamedScenario`): what an app pays per intent for
// the composition helpers rather than for the store itself. Units are intents.

/// Rows of the `child-rows` benchmark (a long list).
let childRowsCount = 10_000

/// Child features composed into one store in the `features` benchmark.
let composedFeaturesCount = 10

/// Every app-layer scenario with a ReactiveCore or hand-written peer.
func appScenarios<Runner: ScenarioRunner>(_: Runner.Type) -> [NamedScenario<Runner>] {
  [
    NamedScenario(profile: "scoped", benchmark: "9_ScopedStore.ReactiveCore", run: scoped),
    NamedScenario(
      profile: "scoped-closure", benchmark: "9_ScopedStore.ClosureLocked", run: scopedClosure),
    NamedScenario(
      profile: "child-rows-\(childRowsCount)", benchmark: "10_ChildRows10000.ReactiveCore"
    ) { runner in
      childRows(runner, rows: childRowsCount)
    },
    NamedScenario(profile: "child-rows-closure", benchmark: "10_ChildRows10000.ClosureLocked") {
      runner in
      childRowsClosure(runner, rows: childRowsCount)
    },
    NamedScenario(
      profile: "features-\(composedFeaturesCount)", benchmark: "11_Features10.ReactiveCore"
    ) { runner in
      composedFeatures(runner, count: composedFeaturesCount)
    },
  ]
}

// MARK: - A scoped child store

/// A screen whose child view reads and changes only its counter.
struct ScreenFeature: Feature {
  struct State: Equatable, Sendable {
    var counter = 0
    var title = "Screen"
  }
  enum Intent: Sendable {
    case counter(Int)
    case rename(String)
  }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .counter(let value): state.counter &+= value
    case .rename(let title): state.title = title
    }
    return state
  }
}

/// The counter of a screen state: the scope's state (a global function, like `receive`).
func screenCounter(_ state: ScreenFeature.State) -> Int { state.counter }

/// An intent sent through a scoped store (`store.scope(state:intent:)`) to the screen's store,
/// its state reaching a subscriber of the scope's `states`.
func scoped<Runner: ScenarioRunner>(_ runner: Runner) {
  let store = Store(initialState: ScreenFeature.State(), feature: ScreenFeature())
  let child = store.scope(state: screenCounter, intent: ScreenFeature.Intent.counter)
  let subscription = child.states.subscribe(onNext: receive)
  runner.measure { for value in runner.units { child.send(value) } }
  subscription.dispose()
  store.dispose()
}

/// Its peer: the thread-safe store written by hand (`LockedClosureStore`) with the child's
/// intent wrapped and its state mapped by hand.
func scopedClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let store = LockedClosureStore(initialState: ScreenFeature.State()) {
    (state: ScreenFeature.State, intent: ScreenFeature.Intent) in
    ScreenFeature().reduce(state, intent)
  }
  store.subscribe { sink.value &+= screenCounter($0) }
  runner.measure { for value in runner.units { store.send(.counter(value)) } }
}

// MARK: - A row intent in a ChildFeatures list

/// A row of a list as a child feature: an item with a done flag.
struct ToggleRow: Feature {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var done = false
  }
  enum Intent: Sendable { case toggle }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    state.done.toggle()
    return state
  }
}

/// A list of rows in a `PersistentArray` (the shape Docs/Store.md recommends for a long list),
/// each row a `ToggleRow` embedded with `ChildFeatures` (the long form, no reflection).
struct RowListFeature: Feature {
  struct State: Equatable, Sendable {
    var rows: PersistentArray<ToggleRow.State>
  }
  enum Intent: Sendable {
    case row(id: Int, ToggleRow.Intent)
    case clear
  }

  static let rows = ChildFeatures<RowListFeature, ToggleRow, Int>(
    ToggleRow(), state: \.rows,
    intent: { if case .row(let id, let intent) = $0 { (id, intent) } else { nil } },
    result: { .row(id: $0, $1) },
    extractResult: { if case .row(let id, let intent) = $0 { (id, intent) } else { nil } })

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    Self.rows.handle(intent, state: state) ?? .result(intent)
  }

  func reduce(_ state: State, _ result: Intent) -> State {
    if let state = Self.rows.reduce(state, result) { return state }
    var state = state
    state.rows.removeAll()
    return state
  }

  /// A list of `count` rows, ids 0 to `count - 1`.
  static func state(rows count: Int) -> State {
    State(rows: PersistentArray((0..<count).map { ToggleRow.State(id: $0, title: "Row \($0)") }))
  }
}

/// The row count of a list state: what the row scenarios' subscriber receives.
func receiveRows(_ state: RowListFeature.State) { sink.value &+= state.rows.count }

/// A row intent in a list of `rows` rows: the row is found by its id and toggled, and the new
/// state reaches a subscriber of `states`.
func childRows<Runner: ScenarioRunner>(_ runner: Runner, rows: Int) {
  let store = Store(initialState: RowListFeature.state(rows: rows), feature: RowListFeature())
  let subscription = store.states.subscribe(onNext: receiveRows)
  runner.measure {
    for value in runner.units { store.send(.row(id: (value &* 7_919) % rows, .toggle)) }
  }
  subscription.dispose()
  store.dispose()
}

/// Its peer: the thread-safe store written by hand over the same rows, toggling the row at the
/// id's index (it knows where the row is; the feature has to find it).
func childRowsClosure<Runner: ScenarioRunner>(_ runner: Runner, rows: Int) {
  let store = LockedClosureStore(initialState: RowListFeature.state(rows: rows)) {
    (state: RowListFeature.State, id: Int) in
    var state = state
    state.rows[id].done.toggle()
    return state
  }
  store.subscribe { sink.value &+= $0.rows.count }
  runner.measure { for value in runner.units { store.send((value &* 7_919) % rows) } }
}

// MARK: - Features composed into one store

/// A parent of `count` child features (each a running sum, `SumFeature`), delegating to them in
/// turn as a parent chains its children with `??`: an intent costs one rejection per child
/// before its own.
struct ComposedFeature: Feature {
  struct State: Equatable, Sendable {
    var sums: [Int]
  }
  enum Intent: Sendable {
    case child(Int, Int)
  }

  let children: [ChildFeature<ComposedFeature, SumFeature>]

  init(count: Int) {
    children = (0..<count).map { child in
      ChildFeature(
        SumFeature(), state: \State.sums[child],
        intent: { if case .child(child, let value) = $0 { value } else { nil } },
        result: { .child(child, $0) },
        extractResult: { if case .child(child, let value) = $0 { value } else { nil } })
    }
  }

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Never> {
    for child in children {
      if let effect = child.handle(intent, state: state) { return effect }
    }
    return .none
  }

  func reduce(_ state: State, _ result: Intent) -> State {
    for child in children {
      if let state = child.reduce(state, result) { return state }
    }
    return state
  }
}

/// The sum of a composed state's children: what the features scenario's subscriber receives.
func receiveSums(_ state: ComposedFeature.State) { sink.value &+= state.sums.count }

/// An intent for one of `count` composed children (each in turn), its state reaching a
/// subscriber of `states`.
func composedFeatures<Runner: ScenarioRunner>(_ runner: Runner, count: Int) {
  let store = Store(
    initialState: ComposedFeature.State(sums: Array(repeating: 0, count: count)),
    feature: ComposedFeature(count: count))
  let subscription = store.states.subscribe(onNext: receiveSums)
  runner.measure {
    for value in runner.units { store.send(.child(value % count, value)) }
  }
  subscription.dispose()
  store.dispose()
}
