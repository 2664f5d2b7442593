import ReactiveCore

// The scenarios of the Streams benchmarks and of the Profile package, written once: this file is
// compiled into the Streams and Store benchmark targets and linked into Benchmarks/Profile (a
// symlink), so the benchmark and the callgrind profile of a scenario run the same loop.
//
// A scenario is a function generic over its runner: it sets up (not measured), runs its loop over
// `runner.units` inside `runner.measure` (measured) and tears down. Generic rather than a stored
// closure so that each package compiles the loop specialized and inlined, as if written in place:
// a closure stored for later would keep the loop's captured state in heap boxes and cost more
// than the code it measures.

/// Runs a scenario's measured loop: the benchmark harness over its 1,000 scaled iterations between
/// `startMeasurement()` and `stopMeasurement()`, the profiler once over `0..<count`.
protocol ScenarioRunner {
  /// The unit indices the measured loop runs over.
  var units: Range<Int> { get }
  /// Runs `body`, the measured loop.
  func measure(_ body: () -> Void)
}

/// A scenario shared by a benchmark and the profiler: its Profile name, its benchmark name
/// (`<n>_<Scenario>.<Peer>`), and the scenario. Its subscriber is the global function `receive`,
/// which adds into the global `sink`; each package defines both (Profile's main.swift, the
/// benchmarks' Harness.swift). A function of globals, so that the subscriber has no context: a
/// captured sink would add a context's retain and release to every delivery, the caller's cost
/// rather than the library's.
struct NamedScenario<Runner: ScenarioRunner> {
  let profile: String
  let benchmark: String
  let run: (Runner) -> Void
}

/// Subscribers per relay in the fan-out scenario (`fanout`, `3_FanOut100`).
let fanOutWidth = 100

/// Inner events per switch in the flatMapLatest scenario.
let eventsPerInner = 10

/// Subscriptions per bag in the DisposeBag scenario.
let subscriptionsPerBag = 1_000

/// Elements of the array in the from(array) scenario.
let arrayLength = 1_000

/// Every scenario of the Streams benchmarks with a ReactiveCore or closure peer.
func streamScenarios<Runner: ScenarioRunner>(_: Runner.Type) -> [NamedScenario<Runner>] {
  [
    NamedScenario(profile: "relay", benchmark: "1_Relay.ReactiveCore", run: relay),
    NamedScenario(profile: "relay-closure", benchmark: "1_Relay.Closure", run: relayClosure),
    NamedScenario(profile: "chain", benchmark: "2_Chain.ReactiveCore", run: chain),
    NamedScenario(profile: "chain-closure", benchmark: "2_Chain.Closure", run: chainClosure),
    NamedScenario(profile: "fanout", benchmark: "3_FanOut100.ReactiveCore") { runner in
      fanOut(runner, width: fanOutWidth)
    },
    NamedScenario(profile: "fanout-closure", benchmark: "3_FanOut100.Closure", run: fanOutClosure),
    NamedScenario(
      profile: "subscribe-dispose", benchmark: "4_SubscribeDispose.ReactiveCore",
      run: subscribeDispose),
    NamedScenario(
      profile: "subscribe-dispose-closure", benchmark: "4_SubscribeDispose.Closure",
      run: subscribeDisposeClosure),
    NamedScenario(profile: "bag", benchmark: "4_DisposeBag1000.ReactiveCore", run: bag),
    NamedScenario(profile: "bag-closure", benchmark: "4_DisposeBag1000.Closure", run: bagClosure),
    NamedScenario(
      profile: "combine-latest", benchmark: "5_CombineLatest.ReactiveCore", run: combineLatest),
    NamedScenario(
      profile: "combine-latest-closure", benchmark: "5_CombineLatest.Closure",
      run: combineLatestClosure),
    NamedScenario(profile: "zip", benchmark: "5_Zip.ReactiveCore", run: zipPairs),
    NamedScenario(profile: "zip-closure", benchmark: "5_Zip.Closure", run: zipPairsClosure),
    NamedScenario(
      profile: "flat-map-latest", benchmark: "6_FlatMapLatest.ReactiveCore", run: flatMapLatest),
    NamedScenario(
      profile: "flat-map-latest-closure", benchmark: "6_FlatMapLatest.Closure",
      run: flatMapLatestClosure),
    NamedScenario(profile: "behavior", benchmark: "7_BehaviorRelay.ReactiveCore", run: behavior),
    NamedScenario(
      profile: "behavior-closure", benchmark: "7_BehaviorRelay.Closure", run: behaviorClosure),
    NamedScenario(profile: "from-array", benchmark: "12_FromArray.ReactiveCore", run: fromArray),
    NamedScenario(
      profile: "from-array-closure", benchmark: "12_FromArray.Closure", run: fromArrayClosure),
  ]
}

// 1: one relay, one subscriber summing Ints.
func relay<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = PublishRelay<Int>()
  let subscription = relay.subscribe(onNext: receive)
  runner.measure { for value in runner.units { relay.accept(value) } }
  subscription.dispose()
}

func relayClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = ClosureRelay<Int>()
  relay.subscribe(receive)
  runner.measure { for value in runner.units { relay.accept(value) } }
}

// 2: relay -> map(+1) -> filter(even) -> map(*2) -> scan(+) -> subscriber.
func chain<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = PublishRelay<Int>()
  let subscription = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }
    .scan(0) { $0 &+ $1 }.subscribe(onNext: receive)
  runner.measure { for value in runner.units { relay.accept(value) } }
  subscription.dispose()
}

/// The fused closure a developer would write for map/filter/map/scan.
func chainClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = ClosureRelay<Int>()
  var total = 0
  relay.subscribe { value in
    let incremented = value &+ 1
    guard incremented & 1 == 0 else { return }
    total &+= incremented &* 2
    receive(total)
  }
  runner.measure { for value in runner.units { relay.accept(value) } }
}

// 3: one relay, `width` subscribers (`fanout`, `fanout-N`); units are accepts.
func fanOut<Runner: ScenarioRunner>(_ runner: Runner, width: Int) {
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<width).map { _ in relay.subscribe(onNext: receive) }
  runner.measure { for value in runner.units { relay.accept(value) } }
  for subscription in subscriptions { subscription.dispose() }
}

func fanOutClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = ClosureRelay<Int>()
  for _ in 0..<fanOutWidth { relay.subscribe(receive) }
  runner.measure { for value in runner.units { relay.accept(value) } }
}

// 4a: subscribe then dispose at once; units are pairs. The subscriber closure is created once,
// outside the loop, so the counts are those of the library, not of the caller's closure context.
func subscribeDispose<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = PublishRelay<Int>()
  runner.measure { for _ in runner.units { relay.subscribe(onNext: receive).dispose() } }
}

func subscribeDisposeClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let registry = ClosureRegistry<Int>()
  runner.measure { for _ in runner.units { registry.dispose(registry.subscribe(receive)) } }
}

// 4b: `subscriptionsPerBag` subscriptions into a bag, then the bag is dropped; units are
// subscriptions.
func bag<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = PublishRelay<Int>()
  runner.measure {
    for _ in 0..<(runner.units.count / subscriptionsPerBag) {
      let bag = DisposeBag()
      for _ in 0..<subscriptionsPerBag { relay.subscribe(onNext: receive).disposed(by: bag) }
    }
  }
}

func bagClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let registry = ClosureRegistry<Int>()
  registry.sinks.reserveCapacity(subscriptionsPerBag)
  runner.measure {
    for _ in 0..<(runner.units.count / subscriptionsPerBag) {
      var bag: [Int] = []
      for _ in 0..<subscriptionsPerBag { bag.append(registry.subscribe(receive)) }
      for token in bag { registry.dispose(token) }
    }
  }
}

// 5: combineLatest of two relays, accepts alternating between them; units are accepts.
func combineLatest<Runner: ScenarioRunner>(_ runner: Runner) {
  let left = PublishRelay<Int>()
  let right = PublishRelay<Int>()
  let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }
    .subscribe(onNext: receive)
  runner.measure {
    for value in runner.units {
      if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
    }
  }
  subscription.dispose()
}

func combineLatestClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let left = ClosureRelay<Int>()
  let right = ClosureRelay<Int>()
  let combined = ClosureCombineLatest { receive($0 &+ $1) }
  left.subscribe { combined.acceptLeft($0) }
  right.subscribe { combined.acceptRight($0) }
  runner.measure {
    for value in runner.units {
      if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
    }
  }
}

// 5b: zip of two relays, accepts alternating between them (one pair per two accepts); units are
// accepts.
func zipPairs<Runner: ScenarioRunner>(_ runner: Runner) {
  let left = PublishRelay<Int>()
  let right = PublishRelay<Int>()
  let subscription = Observable.zip(left, right) { $0 &+ $1 }.subscribe(onNext: receive)
  runner.measure {
    for value in runner.units {
      if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
    }
  }
  subscription.dispose()
}

func zipPairsClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let left = ClosureRelay<Int>()
  let right = ClosureRelay<Int>()
  let zipped = ClosureZip { receive($0 &+ $1) }
  left.subscribe { zipped.acceptLeft($0) }
  right.subscribe { zipped.acceptRight($0) }
  runner.measure {
    for value in runner.units {
      if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
    }
  }
}

// 6: flatMapLatest; each switch creates a new inner relay and sends `eventsPerInner` events into
// it. Units are inner events.
func flatMapLatest<Runner: ScenarioRunner>(_ runner: Runner) {
  let outer = PublishRelay<PublishRelay<Int>>()
  let subscription = outer.flatMapLatest { $0 }.subscribe(onNext: receive)
  runner.measure {
    for _ in 0..<(runner.units.count / eventsPerInner) {
      let inner = PublishRelay<Int>()
      outer.accept(inner)
      for value in 0..<eventsPerInner { inner.accept(value) }
    }
  }
  subscription.dispose()
}

func flatMapLatestClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let outer = ClosureRelay<ClosureRegistry<Int>>()
  var current: (inner: ClosureRegistry<Int>, token: Int)?
  outer.subscribe { inner in
    if let current { current.inner.dispose(current.token) }
    current = (inner, inner.subscribe(receive))
  }
  runner.measure {
    for _ in 0..<(runner.units.count / eventsPerInner) {
      let inner = ClosureRegistry<Int>()
      outer.accept(inner)
      for value in 0..<eventsPerInner { inner.accept(value) }
    }
  }
}

// 7: BehaviorRelay accept + `.value` read, one subscriber.
func behavior<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = BehaviorRelay(value: 0)
  let subscription = relay.subscribe(onNext: receive)
  runner.measure {
    for value in runner.units {
      relay.accept(value)
      sink.value &+= relay.value
    }
  }
  subscription.dispose()
}

func behaviorClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let relay = ClosureValue(0)
  relay.sinks.append(receive)
  runner.measure {
    for value in runner.units {
      relay.accept(value)
      sink.value &+= relay.value
    }
  }
}

// 8: `Observable.from` of an `arrayLength`-element array, subscribed once per `arrayLength` units:
// a synchronous sequence's throughput through the current-thread trampoline (each element is a
// step of it), its subscription amortized over the elements. Units are elements.
func fromArray<Runner: ScenarioRunner>(_ runner: Runner) {
  let numbers = Observable.from(Array(0..<arrayLength))
  runner.measure {
    for _ in 0..<(runner.units.count / arrayLength) {
      _ = numbers.subscribe(onNext: receive)
    }
  }
}

/// The loop a developer would write: each element of the array handed to a subscriber's closure
/// (through `ClosureRelay`, so that the peer calls a stored callback per element as ours does,
/// rather than a loop the optimizer folds into a vectorized sum).
func fromArrayClosure<Runner: ScenarioRunner>(_ runner: Runner) {
  let numbers = Array(0..<arrayLength)
  let subscriber = ClosureRelay<Int>()
  subscriber.subscribe(receive)
  runner.measure {
    for _ in 0..<(runner.units.count / arrayLength) {
      for value in numbers { subscriber.accept(value) }
    }
  }
}
