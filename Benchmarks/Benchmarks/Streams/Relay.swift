import Benchmark
import OpenCombine
import ReactiveCore

// Scenario 1: one relay, one subscriber summing Ints.
func relayBenchmarks() {
  Benchmark("1_Relay.Closure") { benchmark in
    let sink = Sink()
    let relay = ClosureRelay<Int>()
    relay.subscribe { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { relay.accept(value) }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  Benchmark("1_Relay.ReactiveCore") { benchmark in
    let sink = Sink()
    let relay = PublishRelay<Int>()
    let subscription = relay.subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { relay.accept(value) }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(sink.value)
  }

  Benchmark("1_Relay.OpenCombine") { benchmark in
    let sink = Sink()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }
}

/// Scenario 3: subscribers per relay.
let fanOutWidth = 100

// Scenario 3: one relay, 100 subscribers. Units are accepts; per delivered event = / 100.
func fanOutBenchmarks() {
  Benchmark("3_FanOut100.Closure") { benchmark in
    let sink = Sink()
    let relay = ClosureRelay<Int>()
    for _ in 0..<fanOutWidth { relay.subscribe { sink.value &+= $0 } }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { relay.accept(value) }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  Benchmark("3_FanOut100.ReactiveCore") { benchmark in
    let sink = Sink()
    let relay = PublishRelay<Int>()
    let subscriptions = (0..<fanOutWidth).map { _ in
      relay.subscribe(onNext: { sink.value &+= $0 })
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { relay.accept(value) }
    benchmark.stopMeasurement()
    for subscription in subscriptions { subscription.dispose() }
    blackHole(sink.value)
  }

  Benchmark("3_FanOut100.OpenCombine") { benchmark in
    let sink = Sink()
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<fanOutWidth).map { _ in subject.sink { sink.value &+= $0 } }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    for cancellable in cancellables { cancellable.cancel() }
    blackHole(sink.value)
  }
}

// Scenario 7: BehaviorRelay accept + `.value` read, one subscriber.
func behaviorRelayBenchmarks() {
  Benchmark("7_BehaviorRelay.Closure") { benchmark in
    let sink = Sink()
    let relay = ClosureValue(0)
    relay.sinks.append { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      relay.accept(value)
      sink.value &+= relay.value
    }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  Benchmark("7_BehaviorRelay.ReactiveCore") { benchmark in
    let sink = Sink()
    let relay = BehaviorRelay(value: 0)
    let subscription = relay.subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      relay.accept(value)
      sink.value &+= relay.value
    }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(sink.value)
  }

  Benchmark("7_BehaviorRelay.OpenCombine") { benchmark in
    let sink = Sink()
    let subject = CurrentValueSubject<Int, Never>(0)
    let cancellable = subject.sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      subject.send(value)
      sink.value &+= subject.value
    }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }
}
