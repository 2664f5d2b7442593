import Benchmark
import OpenCombine
import ReactiveCore

// Scenario 2: relay -> map(+1) -> filter(even) -> map(*2) -> scan(+) -> subscriber.
// The closure baseline is the fused closure a developer would write by hand.
func chainBenchmarks() {
  Benchmark("2_Chain.Closure") { benchmark in
    let sink = Sink()
    let relay = ClosureRelay<Int>()
    var total = 0
    relay.subscribe { value in
      let incremented = value + 1
      guard incremented % 2 == 0 else { return }
      total += incremented * 2
      sink.value &+= total
    }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { relay.accept(value) }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  Benchmark("2_Chain.ReactiveCore") { benchmark in
    let sink = Sink()
    let relay = PublishRelay<Int>()
    let subscription =
      relay
      .map { $0 + 1 }
      .filter { $0 % 2 == 0 }
      .map { $0 * 2 }
      .scan(0, accumulator: +)
      .subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { relay.accept(value) }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(sink.value)
  }

  Benchmark("2_Chain.OpenCombine") { benchmark in
    let sink = Sink()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable =
      subject
      .map { $0 + 1 }
      .filter { $0 % 2 == 0 }
      .map { $0 * 2 }
      .scan(0, +)
      .sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }
}
