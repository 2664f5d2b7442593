// A tiny executable for profilers (valgrind --tool=callgrind, perf): runs one scenario's
// ReactiveCore loop `count` times with no harness around it.
//
//   swift build -c release --package-path Benchmarks/Profile
//   valgrind --tool=callgrind Benchmarks/Profile/.build/release/Profile relay 1000000
import HeroSelectorKit
import ReactiveCore
import ReactiveMVI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The scenarios the benchmarks share (`streamScenarios`, `storeScenarios`, `appScenarios`, with
// `Sink` and the closure peers) are linked here from the benchmark targets: Scenarios.swift,
// StoreScenarios.swift, AppScenarios.swift, ClosureBaseline.swift and LockedClosureStore.swift
// (one copy for both packages). The scenarios below are profiled only.

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

/// What `driver-binder-closure` does per element: the label written by hand.
@inline(never) func writeLabel(_ label: Label, _ value: Int) {
  label.text = value
}

/// A chain of `depth` `map` operators (`chain-depth-N`).
func mapChain(_ source: Observable<Int>, depth: Int) -> Observable<Int> {
  var chain = source
  for _ in 0..<depth { chain = chain.map { $0 &+ 1 } }
  return chain
}

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "relay"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let sink = Sink()
/// The subscriber of every scenario (see `NamedScenario`).
func receive(_ value: Int) { sink.value &+= value }

/// Runs a shared scenario's loop once over `0..<count`, with nothing around it.
struct Loop: ScenarioRunner {
  let units: Range<Int>
  @inline(__always) func measure(_ body: () -> Void) { body() }
}

let sharedScenarios =
  streamScenarios(Loop.self) + storeScenarios(Loop.self) + appScenarios(Loop.self)

/// What the instruction gate measures, listed here only (gate.py reads it: `Profile --gated`):
/// every shared scenario, and these of Profile's own (the series at their end points). A function,
/// and handled before the scenarios' switch, so that the measured top-level code stays as it is.
func printGatedScenarios(_ shared: [NamedScenario<Loop>]) {
  let own = [
    "chain-subscribe", "dispose-many", "driver-binder", "driver-binder-closure", "rows-10",
    "rows-100000", "rows-view-10", "rows-view-100000", "child-rows-10", "child-rows-100000",
    "features-1", "features-100",
  ]
  for name in shared.map(\.profile) + own { print(name) }
}
if scenario == "--gated" {
  printGatedScenarios(sharedScenarios)
  exit(0)
}

switch scenario {
case let name where sharedScenarios.contains(where: { $0.profile == name }):
  sharedScenarios.first(where: { $0.profile == name })!.run(Loop(units: 0..<count))
case "chain-subscribe":
  // Subscribing and disposing a chain of four single-source operators (`lift`).
  let relay = PublishRelay<Int>()
  let chain = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }.scan(0) { $0 &+ $1 }
  for _ in 0..<count { chain.subscribe(onNext: receive).dispose() }
case "dispose-many":
  // `count` subscribers of one relay, disposed in reverse order (quadratic before the O(1) removal).
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<count).map { _ in relay.subscribe(onNext: receive) }
  for subscription in subscriptions.reversed() { subscription.dispose() }
case let name where name.hasPrefix("fanout-"):
  // One relay, N subscribers; per accept (N deliveries).
  fanOut(Loop(units: 0..<count), width: Int(name.dropFirst("fanout-".count)) ?? fanOutWidth)
case let name where name.hasPrefix("chain-depth-"):
  // A relay through N `map` operators; per accept.
  let depth = Int(name.dropFirst("chain-depth-".count)) ?? 10
  let relay = PublishRelay<Int>()
  let subscription = mapChain(relay.asObservable(), depth: depth).subscribe(onNext: receive)
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
  // Its peer: the value written to the label by hand, through a function the optimizer cannot
  // see into (as a UI update is), so that the writes are not folded into the last one.
  let label = Label()
  for value in 0..<count { writeLabel(label, value) }
  sink.value &+= label.text
case let name where name.hasPrefix("child-rows-"):
  // A row intent in a ChildFeatures list of N rows (`child-rows-10000` is shared).
  childRows(Loop(units: 0..<count), rows: Int(name.dropFirst("child-rows-".count)) ?? 1_000)
case let name where name.hasPrefix("features-"):
  // An intent for one of N child features composed into one store (`features-10` is shared).
  composedFeatures(Loop(units: 0..<count), count: Int(name.dropFirst("features-".count)) ?? 10)
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
    "unknown scenario \(scenario): "
      + sharedScenarios.map(\.profile).joined(separator: ", ")
      + ", dispose-many, chain-subscribe, rows-N (a store"
      + " of N rows in a PersistentArray), rows-view-N (with a ViewStore), rows-array-N (the same rows"
      + " in an Array), fanout-N, chain-depth-N, driver-binder, driver-binder-closure, child-rows-N"
      + " (a row intent in a ChildFeatures list of N rows), features-N (N child features composed);"
      + " --gated lists what the instruction gate measures")
}
print(sink.value)
