import Benchmark
import OpenCombine
import ReactiveCore
import ReactiveMVI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import HeroSelectorKit

// Scenario 8: store throughput, in intents per second (units are intents). Same three peers as
// the Streams target plus the thread-safe store an app developer writes by hand
// (`LockedClosureStore`), the store with its subscriber on its own list (`subscribeStates`), the
// same store built from ReactiveCore operators (`relay.scan(...).share(replay: 1)`), and the
// hero-selector intent (`HeroSelectorKit`) against its reducer called by hand.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: isSmokeRun ? 2 : 20,
    scalingFactor: .kilo,
    maxDuration: isSmokeRun ? .milliseconds(100) : .seconds(2),
    maxIterations: isSmokeRun ? 20 : 2_000,
    thresholds: [.mallocCountTotal: .init(relative: [:], absolute: [.p50: 2, .p90: 2])]
  )
  storeBenchmarks()
  heroBenchmarks()
}

/// See Streams.swift.
let isSmokeRun = getenv("BENCH_SMOKE") != nil

/// A mutable box the subscribers of every peer write into, consumed with `blackHole`.
final class Sink: @unchecked Sendable {  // benchmark-local, single-threaded
  var value = 0
}

/// The trivial feature of scenario 8: the state is the running sum of the intents.
struct SumFeature: Feature {
  func reduce(_ state: Int, _ intent: Int) -> Int { state &+ intent }
}

func storeBenchmarks() {
  // A store with a trivial reducer and one state subscriber.
  Benchmark("8_Store.Closure") { benchmark in
    let sink = Sink()
    var state = 0
    var renderers: [(Int) -> Void] = []
    renderers.append { sink.value &+= $0 }
    let send: (Int) -> Void = { intent in
      state = state &+ intent
      for render in renderers { render(state) }
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { send(value) }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  // The thread-safe store an app developer writes by hand (see `LockedClosureStore`).
  Benchmark("8_Store.ClosureLocked") { benchmark in
    let sink = Sink()
    let store = LockedClosureStore(initialState: 0) { (state: Int, intent: Int) in state &+ intent }
    store.subscribe { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { store.send(value) }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  Benchmark("8_Store.ReactiveCore") { benchmark in
    let sink = Sink()
    let store = Store(initialState: 0, feature: SumFeature())
    let subscription = store.states.subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { store.send(value) }
    benchmark.stopMeasurement()
    subscription.dispose()
    store.dispose()
    blackHole(sink.value)
  }

  // The same store with its subscriber on the store's own list (`subscribeStates`).
  Benchmark("8_Store.ReactiveCoreDirect") { benchmark in
    let sink = Sink()
    let store = Store(initialState: 0, feature: SumFeature())
    let subscription = store.subscribeStates(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { store.send(value) }
    benchmark.stopMeasurement()
    subscription.dispose()
    store.dispose()
    blackHole(sink.value)
  }

  // The same store built from ReactiveCore operators: intents scanned into shared states.
  Benchmark("8_StoreScan.ReactiveCore") { benchmark in
    let sink = Sink()
    let intents = PublishRelay<Int>()
    let states = intents.scan(0) { $0 &+ $1 }.share(replay: 1)
    let subscription = states.subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { intents.accept(value) }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(sink.value)
  }

  // OpenCombine has no store: intents into a subject, reduced into a CurrentValueSubject.
  Benchmark("8_Store.OpenCombine") { benchmark in
    let sink = Sink()
    let intents = PassthroughSubject<Int, Never>()
    let state = CurrentValueSubject<Int, Never>(0)
    let reducing = intents.sink { state.send(state.value &+ $0) }
    let rendering = state.sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { intents.send(value) }
    benchmark.stopMeasurement()
    reducing.cancel()
    rendering.cancel()
    blackHole(sink.value)
  }
}

/// A view that renders nothing: the discarding render sink.
final class DiscardingHeroView: HeroView {
  var rendered = 0
  func render(_ state: HeroState) {
    rendered &+= 1
    blackHole(state)
  }
}

/// A cycle of intents that each move the cursor, so every intent emits a state (3 heroes).
let heroIntentCycle: [HeroIntent] = [.next, .next, .previous, .previous]

func heroBenchmarks() {
  // The hero selector. The closure peer calls the same reducer directly and renders by hand.
  Benchmark("8_HeroIntent.Closure") { benchmark in
    let view = DiscardingHeroView()
    let reducer = HeroReducer(roster: .default)
    var state = reducer.initialState
    let send: (HeroIntent) -> Void = { intent in
      if let next = reducer.reduce(state, intent) {
        state = next
        view.render(next)
      }
    }
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations { send(heroIntentCycle[index & 3]) }
    benchmark.stopMeasurement()
    blackHole(view.rendered)
  }

  Benchmark("8_HeroIntent.ReactiveCore") { benchmark in
    let view = DiscardingHeroView()
    let intent = HeroPresenter(roster: .default)
    let binding = intent.bind(to: view)
    benchmark.startMeasurement()
    for index in benchmark.scaledIterations { intent.send(heroIntentCycle[index & 3]) }
    benchmark.stopMeasurement()
    binding.dispose()
    blackHole(view.rendered)
  }
}
