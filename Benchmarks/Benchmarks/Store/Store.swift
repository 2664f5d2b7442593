import Benchmark

// Scenario 8: store throughput, in intents per second (units are intents). The shared scenarios
// (StoreScenarios.swift): the store, its hand-written peers (`8_Store.Closure`, the thread-safe
// `8_Store.ClosureLocked`), the store with its subscriber on its own list (`subscribeStates`), the
// same store built from ReactiveCore operators (`relay.scan(...).share(replay: 1)`), and the
// hero-selector intent (`HeroSelectorKit`) against the same presenter written by hand (its reducer
// in a `LockedClosureStore`, rendering on a weakly held view); plus OpenCombine
// (OpenCombinePeers.swift).
// Scenarios 9 to 11 (AppScenarios.swift): the app layer, an intent through a scoped store, a row
// intent in a 10,000-row `ChildFeatures` list, an intent among 10 composed child features.
let benchmarks: @Sendable () -> Void = {
  configureBenchmarks()
  register(storeScenarios(MeasuredRunner.self))
  register(appScenarios(MeasuredRunner.self))
  register(openCombineStoreScenarios(MeasuredRunner.self))
}
