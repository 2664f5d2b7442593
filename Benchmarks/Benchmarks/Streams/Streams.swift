import Benchmark

// The Streams benchmarks: the shared scenarios (Scenarios.swift) and their OpenCombine peers
// (OpenCombinePeers.swift).
let benchmarks: @Sendable () -> Void = {
  configureBenchmarks()
  register(streamScenarios(MeasuredRunner.self))
  register(openCombineStreamScenarios(MeasuredRunner.self))
}
