import Benchmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The harness settings and the registration of the shared scenarios, for both benchmark targets
// (linked into Store as a symlink).
//
// Every scenario runs the same work for its peers, side by side in one run:
//   <n>_<Scenario>.Closure       hand-written closures (ClosureBaseline.swift), the physical limit
//   <n>_<Scenario>.ReactiveCore  this library
//   <n>_<Scenario>.OpenCombine   OpenCombine 0.14.0 (where it has the operator)
// One iteration = `eventsPerIteration` units (events, accepts or subscriptions); results are scaled
// to one unit (`scalingFactor: .kilo`, marked `*` in the harness output). Setup (creating relays,
// subscribing) happens before `startMeasurement()` and teardown after `stopMeasurement()`, so the
// allocation counts are those of the steady state only.

/// `BENCH_SMOKE=1` runs every benchmark for a handful of iterations (CI: proves they build and run
/// and feeds the allocation gate, whose counts do not depend on the number of iterations).
let isSmokeRun = getenv("BENCH_SMOKE") != nil

let eventsPerIteration = BenchmarkScalingFactor.kilo.rawValue

/// Allowed extra allocations per iteration (of 1,000 units) before the gate fails. Small slack
/// for a rare allocation by the harness's own sampling thread during a measured window.
var allocationTolerance: BenchmarkThresholds.AbsoluteThresholds { [.p50: 2, .p90: 2] }

/// The configuration of every benchmark of both targets.
func configureBenchmarks() {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: isSmokeRun ? 2 : 20,
    scalingFactor: .kilo,
    maxDuration: isSmokeRun ? .milliseconds(100) : .seconds(2),
    maxIterations: isSmokeRun ? 20 : 2_000,
    thresholds: [
      // Allocation counts are deterministic: any increase fails the gate.
      .mallocCountTotal: .init(relative: [:], absolute: allocationTolerance)
    ]
  )
}

/// What the subscribers of every benchmark add into (see `NamedScenario`), consumed with
/// `blackHole`. Benchmarks run one at a time.
let sink = Sink()

/// The subscriber of the shared scenarios.
func receive(_ value: Int) { sink.value &+= value }

/// Runs a shared scenario's loop between `startMeasurement()` and `stopMeasurement()`, over the
/// scaled iterations (1,000 units).
struct MeasuredRunner: ScenarioRunner {
  let benchmark: Benchmark
  var units: Range<Int> { benchmark.scaledIterations }

  @inline(__always) func measure(_ body: () -> Void) {
    benchmark.startMeasurement()
    body()
    benchmark.stopMeasurement()
  }
}

/// Registers one benchmark per shared scenario; what its subscribers summed is consumed with
/// `blackHole`.
func register(_ scenarios: [NamedScenario<MeasuredRunner>]) {
  for scenario in scenarios {
    Benchmark(scenario.benchmark) { benchmark in
      scenario.run(MeasuredRunner(benchmark: benchmark))
      blackHole(sink.value)
    }
  }
}
