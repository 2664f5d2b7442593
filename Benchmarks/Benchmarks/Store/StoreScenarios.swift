import HeroSelectorKit
import ReactiveCore
import ReactiveMVI

// The store scenarios of the Store benchmarks and of the Profile package, written once (see
// Streams/Scenarios.swift: `ScenarioRunner`, `NamedScenario`). Units are intents.

/// The trivial feature of the store scenarios: the state is the running sum of the intents.
struct SumFeature: Feature {
  func reduce(_ state: Int, _ intent: Int) -> Int { state &+ intent }
}

/// A view that renders nothing: the discarding render sink of the hero scenarios (rendered on
/// one thread at a time: the store's drainer, or the caller of the peer's `send`).
final class DiscardingHeroView: HeroView, @unchecked Sendable {
  var rendered = 0
  func render(_ state: HeroState) { rendered &+= 1 }
}

/// A cycle of intents that each move the cursor, so every intent emits a state (3 heroes).
let heroIntentCycle: [HeroIntent] = [.next, .next, .previous, .previous]

/// Every scenario of the Store benchmarks with a ReactiveCore or closure peer.
func storeScenarios<Runner: ScenarioRunner>(_: Runner.Type) -> [NamedScenario<Runner>] {
  [
    NamedScenario(profile: "store", benchmark: "8_Store.ReactiveCore", run: store),
    NamedScenario(
      profile: "store-direct", benchmark: "8_Store.ReactiveCoreDirect", run: storeDirect),
    NamedScenario(profile: "store-closure", benchmark: "8_Store.Closure", run: storeClosure),
    NamedScenario(
      profile: "store-closure-locked", benchmark: "8_Store.ClosureLocked", run: storeClosureLocked),
    NamedScenario(profile: "store-scan", benchmark: "8_StoreScan.ReactiveCore", run: storeScan),
    NamedScenario(profile: "hero", benchmark: "8_HeroIntent.ReactiveCore", run: hero),
    NamedScenario(profile: "hero-closure", benchmark: "8_HeroIntent.Closure", run: heroClosure),
    NamedScenario(profile: "hero-reducer", benchmark: "8_HeroIntent.Reducer", run: heroReducer),
    NamedScenario(
      profile: "hero-reducer-weak", benchmark: "8_HeroIntent.ReducerWeakView", run: heroReducerWeak),
  ]
}

/// A store with a trivial reducer and one subscriber of `states`.
func store<Runner: ScenarioRunner>(_ runner: Runner) {
  let store = Store(initialState: 0, feature: SumFeature())
  let subscription = store.states.subscribe(onNext: receive)
  runner.measure { for value in runner.units { store.send(value) } }
  subscription.dispose()
  store.dispose()
}

/// The same with its subscriber on the store's own list (`subscribeStates`).
func storeDirect<Runner: ScenarioRunner>(_ runner: Runner) {
  let store = Store(initialState: 0, feature: SumFeature())
  let subscription = store.subscribeStates(onNext: receive)
  runner.measure { for value in runner.units { store.send(value) } }
  subscription.dispose()
  store.dispose()
}

/// The hand-written peer: a state variable and an array of renderers, no thread safety.
func storeClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  var state = 0
  var renderers: [(Int) -> Void] = []
  renderers.append(receive)
  let send: (Int) -> Void = { intent in
    state = state &+ intent
    for render in renderers { render(state) }
  }
  runner.measure { for value in runner.units { send(value) } }
}

/// The thread-safe store an app developer writes by hand (see `LockedClosureStore`).
func storeClosureLocked<Runner: ScenarioRunner>(_ runner: Runner) {
  let store = LockedClosureStore(initialState: 0) { (state: Int, intent: Int) in state &+ intent }
  store.subscribe { sink.value &+= $0 }
  runner.measure { for value in runner.units { store.send(value) } }
}

/// The same store built from ReactiveCore operators: intents scanned into shared states.
func storeScan<Runner: ScenarioRunner>(_ runner: Runner) {
  let intents = PublishRelay<Int>()
  let states = intents.scan(0) { $0 &+ $1 }.share(replay: 1)
  let subscription = states.subscribe(onNext: receive)
  runner.measure { for value in runner.units { intents.accept(value) } }
  subscription.dispose()
}

/// The hero-selector intent into a discarding view.
func hero<Runner: ScenarioRunner>(_ runner: Runner) {
  let view = DiscardingHeroView()
  let presenter = HeroPresenter(roster: .default)
  let binding = presenter.bind(to: view)
  runner.measure { for index in runner.units { presenter.send(heroIntentCycle[index & 3]) } }
  binding.dispose()
  sink.value = view.rendered
}

/// Its peer: the hand-written presenter doing the same work. `HeroPresenter` is thread-safe and
/// binds its view weakly (a view owns its presenter), so the peer is the same reducer in the
/// thread-safe store written by hand (`LockedClosureStore`: lock, reduce, publish to one
/// renderer) rendering on a view it holds weakly, the way `bind(to:)` holds it. Every intent of
/// the cycle moves the cursor, so both render every state.
func heroClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let view = DiscardingHeroView()
  let reducer = HeroReducer(roster: .default)
  // The reduction `HeroFeature.reduce` makes.
  let store = LockedClosureStore(initialState: reducer.initialState) {
    (state: HeroState, intent: HeroIntent) in reducer.reduce(state, intent) ?? state
  }
  // A `weak let`, as in `bind(to:)`: a `[weak view]` capture is a mutable box, read with a
  // dynamic exclusivity check per render.
  weak let weakView = view
  store.subscribe { state in weakView?.render(state) }
  runner.measure { for index in runner.units { store.send(heroIntentCycle[index & 3]) } }
  sink.value = view.rendered
}

/// The floor of the hero intent: its reducer called by hand on a state in a local variable,
/// rendering each new state on the view (no store, no thread safety, no subscriber list). The
/// reducer returns nil for an intent that changes nothing, so no equality check is needed.
func heroReducer<Runner: ScenarioRunner>(_ runner: Runner) {
  let view = DiscardingHeroView()
  let reducer = HeroReducer(roster: .default)
  var state = reducer.initialState
  runner.measure {
    for index in runner.units {
      if let next = reducer.reduce(state, heroIntentCycle[index & 3]) {
        state = next
        view.render(state)
      }
    }
  }
  sink.value = view.rendered
}

/// The floor of a hero intent that does not keep its view alive: the reducer called by hand on a
/// local state, as in `heroReducer`, rendering on a view held weakly. A view owns its presenter,
/// so a presenter that renders on it must not own it back (or the two leak each other): every
/// render loads the weak reference (a strong retain through the object's side table) and
/// releases it again, the cost `bind(to:)` and RxCocoa's `Binder` pay for the same reason.
func heroReducerWeak<Runner: ScenarioRunner>(_ runner: Runner) {
  let view = DiscardingHeroView()
  let reducer = HeroReducer(roster: .default)
  weak let weakView = view
  var state = reducer.initialState
  runner.measure {
    for index in runner.units {
      if let next = reducer.reduce(state, heroIntentCycle[index & 3]) {
        state = next
        weakView?.render(state)
      }
    }
  }
  sink.value = view.rendered
}
