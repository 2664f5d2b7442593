import Benchmark

// The Streams benchmarks: the shared scenarios (Scenarios.swift) and their OpenCombine peers.
let benchmarks: @Sendable () -> Void = {
  configureBenchmarks()
  register(streamScenarios(MeasuredRunner.self))
  openCombineBenchmarks()
}
