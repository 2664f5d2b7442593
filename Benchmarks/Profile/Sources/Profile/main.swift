// A tiny executable for profilers (valgrind --tool=callgrind, perf): runs one scenario's
// ReactiveCore loop `count` times with no harness around it.
//
//   swift build -c release --package-path Benchmarks/Profile
//   valgrind --tool=callgrind Benchmarks/Profile/.build/release/Profile relay 1000000
import HeroSelectorKit
import ReactiveCore
import ReactiveMVI

/// The trivial feature of the `store` scenario: the state is the running sum of the intents.
struct SumFeature: Feature {
  func reduce(_ state: Int, _ intent: Int) -> Int { state &+ intent }
}

// `Sink` and the closure peers (`ClosureRelay`, ...) are the benchmarks' closure baseline,
// linked here as ClosureBaseline.swift (one copy for both packages).

/// A row of the `rows-N` scenarios: a list item as an app keeps it.
struct Row: Equatable, Sendable {
  var id: Int
  var title: String
  var done = false
}

/// Toggles one row per intent, copying the state as Docs/Store.md teaches. `Rows` is
/// `PersistentArray<Row>` (`rows-N`) or `[Row]` (`rows-array-N`).
struct RowsFeature<Rows: MutableCollection<Row> & Equatable & Sendable>: Feature where Rows.Index == Int {
  struct State: Equatable, Sendable { var rows: Rows }

  func reduce(_ state: State, _ index: Int) -> State {
    var state = state
    state.rows[index].done.toggle()
    return state
  }
}

/// What the `rows-N` subscriber keeps: the last state, alive until the next one arrives.
final class LastState<State>: @unchecked Sendable {
  var state: State?
}

/// A store of `rows` rows with a `states` subscriber that keeps the last state, `count` toggles;
/// returns the number of rows of the last state.
func runRows<Rows: MutableCollection<Row> & Equatable & Sendable>(_ rows: Rows, count: Int) -> Int
where Rows.Index == Int {
  let store = Store(initialState: RowsFeature<Rows>.State(rows: rows), feature: RowsFeature<Rows>())
  let last = LastState<RowsFeature<Rows>.State>()
  let subscription = store.states.subscribe(onNext: { last.state = $0 })
  let size = rows.count
  for value in 0..<count { store.send((value &* 7_919) % size) }
  subscription.dispose()
  store.dispose()
  return last.state?.rows.count ?? 0
}

/// The label of the `driver-binder` scenario: what a Binder writes to.
final class Label {
  var text = 0
}

/// A chain of `depth` `map` operators (`chain-depth-N`).
func mapChain(_ source: Observable<Int>, depth: Int) -> Observable<Int> {
  var chain = source
  for _ in 0..<depth { chain = chain.map { $0 &+ 1 } }
  return chain
}

/// A view that renders nothing: the discarding render sink of the `hero` scenarios.
final class DiscardingHeroView: HeroView {
  var rendered = 0
  func render(_ state: HeroState) { rendered &+= 1 }
}

/// A cycle of intents that each move the cursor, so every intent emits a state (3 heroes).
let heroIntentCycle: [HeroIntent] = [.next, .next, .previous, .previous]

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "relay"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let sink = Sink()
let onNext: (Int) -> Void = { sink.value &+= $0 }

switch scenario {
case "relay":
  let relay = PublishRelay<Int>()
  let subscription = relay.subscribe(onNext: onNext)
  for value in 0..<count { relay.accept(value) }
  subscription.dispose()
case "chain":
  let relay = PublishRelay<Int>()
  let subscription = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }
    .scan(0) { $0 &+ $1 }.subscribe(onNext: onNext)
  for value in 0..<count { relay.accept(value) }
  subscription.dispose()
case "fanout":
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<100).map { _ in relay.subscribe(onNext: onNext) }
  for value in 0..<count { relay.accept(value) }
  for subscription in subscriptions { subscription.dispose() }
case "subscribe-dispose":
  let relay = PublishRelay<Int>()
  for _ in 0..<count { relay.subscribe(onNext: onNext).dispose() }
case "chain-subscribe":
  // Subscribing and disposing a chain of four single-source operators (`lift`).
  let relay = PublishRelay<Int>()
  let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }.scan(0) { $0 &+ $1 }
  for _ in 0..<count { chain.subscribe(onNext: onNext).dispose() }
case "bag":
  let relay = PublishRelay<Int>()
  for _ in 0..<(count / 1_000) {
    let bag = DisposeBag()
    for _ in 0..<1_000 { relay.subscribe(onNext: onNext).disposed(by: bag) }
  }
case "dispose-many":
  // `count` subscribers of one relay, disposed in reverse order (quadratic before the O(1) removal).
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<count).map { _ in relay.subscribe(onNext: onNext) }
  for subscription in subscriptions.reversed() { subscription.dispose() }
case "behavior":
  let relay = BehaviorRelay(value: 0)
  let subscription = relay.subscribe(onNext: onNext)
  for value in 0..<count {
    relay.accept(value)
    sink.value &+= relay.value
  }
  subscription.dispose()
case "combine-latest":
  let left = PublishRelay<Int>()
  let right = PublishRelay<Int>()
  let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }.subscribe(onNext: onNext)
  for value in 0..<count {
    if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
  }
  subscription.dispose()
case "flat-map-latest":
  let outer = PublishRelay<PublishRelay<Int>>()
  let subscription = outer.flatMapLatest { $0 }.subscribe(onNext: onNext)
  for _ in 0..<(count / 10) {
    let inner = PublishRelay<Int>()
    outer.accept(inner)
    for value in 0..<10 { inner.accept(value) }
  }
  subscription.dispose()
case "store":
  let store = Store(initialState: 0, feature: SumFeature())
  let subscription = store.states.subscribe(onNext: onNext)
  for value in 0..<count { store.send(value) }
  subscription.dispose()
  store.dispose()
case "store-direct":
  // `store` with its subscriber on the store's own list (`subscribeStates`) instead of `states`.
  let store = Store(initialState: 0, feature: SumFeature())
  let subscription = store.subscribeStates(onNext: onNext)
  for value in 0..<count { store.send(value) }
  subscription.dispose()
  store.dispose()
case "store-closure":
  // The hand-written peer of `store`: a state variable and an array of renderers.
  var state = 0
  var renderers: [(Int) -> Void] = []
  renderers.append(onNext)
  let send: (Int) -> Void = { intent in
    state = state &+ intent
    for render in renderers { render(state) }
  }
  for value in 0..<count { send(value) }
case "store-closure-locked":
  // The hand-written thread-safe peer of `store` (see `LockedClosureStore`).
  let store = LockedClosureStore(initialState: 0) { (state: Int, intent: Int) in state &+ intent }
  store.subscribe { sink.value &+= $0 }
  for value in 0..<count { store.send(value) }
case "store-scan":
  // The same store built from ReactiveCore operators: intents scanned into shared states.
  let intents = PublishRelay<Int>()
  let states = intents.scan(0) { $0 &+ $1 }.share(replay: 1)
  let subscription = states.subscribe(onNext: onNext)
  for value in 0..<count { intents.accept(value) }
  subscription.dispose()
case "hero":
  let view = DiscardingHeroView()
  let presenter = HeroPresenter(roster: .default)
  let binding = presenter.bind(to: view)
  for index in 0..<count { presenter.send(heroIntentCycle[index & 3]) }
  binding.dispose()
  sink.value = view.rendered
case "hero-closure":
  // The hand-written peer of `hero`: the same reducer called by hand, rendering by hand.
  let view = DiscardingHeroView()
  let reducer = HeroReducer(roster: .default)
  var state = reducer.initialState
  let send: (HeroIntent) -> Void = { intent in
    if let next = reducer.reduce(state, intent) {
      state = next
      view.render(next)
    }
  }
  for index in 0..<count { send(heroIntentCycle[index & 3]) }
  sink.value = view.rendered
case "relay-closure":
  let relay = ClosureRelay<Int>()
  relay.subscribe(onNext)
  for value in 0..<count { relay.accept(value) }
case "chain-closure":
  // The fused closure a developer would write for map/filter/map/scan.
  let relay = ClosureRelay<Int>()
  var total = 0
  relay.subscribe { value in
    let incremented = value &+ 1
    guard incremented & 1 == 0 else { return }
    total &+= incremented &* 2
    onNext(total)
  }
  for value in 0..<count { relay.accept(value) }
case "fanout-closure":
  let relay = ClosureRelay<Int>()
  for _ in 0..<100 { relay.subscribe(onNext) }
  for value in 0..<count { relay.accept(value) }
case "subscribe-dispose-closure":
  let registry = ClosureRegistry<Int>()
  for _ in 0..<count { registry.dispose(registry.subscribe(onNext)) }
case "behavior-closure":
  let relay = ClosureValue(0)
  relay.sinks.append(onNext)
  for value in 0..<count {
    relay.accept(value)
    sink.value &+= relay.value
  }
case "combine-latest-closure":
  let left = ClosureRelay<Int>()
  let right = ClosureRelay<Int>()
  let combined = ClosureCombineLatest { onNext($0 &+ $1) }
  left.subscribe { combined.acceptLeft($0) }
  right.subscribe { combined.acceptRight($0) }
  for value in 0..<count {
    if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
  }
case "zip":
  // zip of two PublishRelays with a `+` selector, accepts alternating (one emission per pair).
  let left = PublishRelay<Int>()
  let right = PublishRelay<Int>()
  let subscription = Observable.zip(left, right) { $0 &+ $1 }.subscribe(onNext: onNext)
  for value in 0..<count {
    if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
  }
  subscription.dispose()
case let name where name.hasPrefix("fanout-"):
  // One relay, N subscribers; per accept (N deliveries).
  let size = Int(name.dropFirst("fanout-".count)) ?? 100
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<size).map { _ in relay.subscribe(onNext: onNext) }
  for value in 0..<count { relay.accept(value) }
  for subscription in subscriptions { subscription.dispose() }
case let name where name.hasPrefix("chain-depth-"):
  // A relay through N `map` operators; per accept.
  let depth = Int(name.dropFirst("chain-depth-".count)) ?? 10
  let relay = PublishRelay<Int>()
  let subscription = mapChain(relay.asObservable(), depth: depth).subscribe(onNext: onNext)
  for value in 0..<count { relay.accept(value) }
  subscription.dispose()
case "driver-binder":
  // A BehaviorRelay as a Driver into a Binder, accepted on the main thread: RxCocoa's timing
  // writes the label before `accept` returns.
  let label = Label()
  let relay = BehaviorRelay(value: 0)
  let subscription = relay.asDriver().drive(Binder(label) { $0.text = $1 })
  for value in 0..<count { relay.accept(value) }
  subscription.dispose()
  sink.value &+= label.text
case "driver-binder-closure":
  // Its peer: the value written to the label by hand.
  let label = Label()
  let write: (Int) -> Void = { label.text = $0 }
  for value in 0..<count { write(value) }
  sink.value &+= label.text
case let name where name.hasPrefix("rows-view-"):
  // The rows of `rows-N` with a ViewStore that tracks the rows field, sending on the main thread
  // (each state is applied to the view before `send` returns).
  let size = Int(name.dropFirst("rows-view-".count)) ?? 1_000
  let rows = PersistentArray((0..<size).map { Row(id: $0, title: "Row number \($0)") })
  let store = Store(
    initialState: RowsFeature<PersistentArray<Row>>.State(rows: rows),
    feature: RowsFeature<PersistentArray<Row>>())
  let last = LastState<RowsFeature<PersistentArray<Row>>.State>()
  let subscription = store.states.subscribe(onNext: { last.state = $0 })
  let viewStore = ViewStore(store)
  sink.value &+= viewStore.rows.count
  for value in 0..<count { viewStore.send((value &* 7_919) % size) }
  sink.value &+= viewStore.rows.count
  subscription.dispose()
  store.dispose()
case let name where name.hasPrefix("rows-array-"):
  let size = Int(name.dropFirst("rows-array-".count)) ?? 1_000
  sink.value &+= runRows((0..<size).map { Row(id: $0, title: "Row number \($0)") }, count: count)
case let name where name.hasPrefix("rows-"):
  let size = Int(name.dropFirst("rows-".count)) ?? 1_000
  sink.value &+= runRows(PersistentArray((0..<size).map { Row(id: $0, title: "Row number \($0)") }), count: count)
default:
  print(
    "unknown scenario \(scenario): relay, chain, fanout, subscribe-dispose, bag, behavior, combine-latest,"
      + " flat-map-latest, store, store-direct, store-closure, store-closure-locked, store-scan, hero,"
      + " hero-closure, dispose-many, chain-subscribe, relay-closure, chain-closure, fanout-closure,"
      + " subscribe-dispose-closure, behavior-closure, combine-latest-closure, zip, rows-N (a store"
      + " of N rows in a PersistentArray), rows-view-N (with a ViewStore), rows-array-N (the same rows"
      + " in an Array), fanout-N, chain-depth-N, driver-binder, driver-binder-closure")
}
print(sink.value)
