import Benchmark
import OpenCombine
import ReactiveCore

// Scenario 5: combineLatest of two relays, accepts alternating between them; units are accepts.
// OpenCombine 0.14 has no combineLatest: no peer.
func combineLatestBenchmarks() {
  Benchmark("5_CombineLatest.Closure") { benchmark in
    let sink = Sink()
    let left = ClosureRelay<Int>()
    let right = ClosureRelay<Int>()
    let combined = ClosureCombineLatest { sink.value &+= $0 &+ $1 }
    left.subscribe { combined.acceptLeft($0) }
    right.subscribe { combined.acceptRight($0) }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
    }
    benchmark.stopMeasurement()
    blackHole(sink.value)
  }

  Benchmark("5_CombineLatest.ReactiveCore") { benchmark in
    let sink = Sink()
    let left = PublishRelay<Int>()
    let right = PublishRelay<Int>()
    let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }
      .subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations {
      if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
    }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(sink.value)
  }
}

/// Scenario 6: inner events per switch.
let eventsPerInner = 10

// Scenario 6: flatMapLatest; each switch creates a new inner relay and sends 10 events into it.
// Units are inner events (100 switches per iteration).
func flatMapLatestBenchmarks() {
  Benchmark("6_FlatMapLatest.Closure") { benchmark in
    let sink = Sink()
    let outer = ClosureRelay<ClosureRegistry<Int>>()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    var current: (inner: ClosureRegistry<Int>, token: Int)?
    outer.subscribe { inner in
      if let current { current.inner.dispose(current.token) }
      current = (inner, inner.subscribe(onNext))
    }
    benchmark.startMeasurement()
    for _ in 0..<(eventsPerIteration / eventsPerInner) {
      let inner = ClosureRegistry<Int>()
      outer.accept(inner)
      for value in 0..<eventsPerInner { inner.accept(value) }
    }
    benchmark.stopMeasurement()
    blackHole(current)
    blackHole(sink.value)
  }

  Benchmark("6_FlatMapLatest.ReactiveCore") { benchmark in
    let sink = Sink()
    let outer = PublishRelay<PublishRelay<Int>>()
    let subscription = outer.flatMapLatest { $0 }.subscribe(onNext: { sink.value &+= $0 })
    benchmark.startMeasurement()
    for _ in 0..<(eventsPerIteration / eventsPerInner) {
      let inner = PublishRelay<Int>()
      outer.accept(inner)
      for value in 0..<eventsPerInner { inner.accept(value) }
    }
    benchmark.stopMeasurement()
    subscription.dispose()
    blackHole(sink.value)
  }

  Benchmark("6_FlatMapLatest.OpenCombine") { benchmark in
    let sink = Sink()
    let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let cancellable = outer.switchToLatest().sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for _ in 0..<(eventsPerIteration / eventsPerInner) {
      let inner = PassthroughSubject<Int, Never>()
      outer.send(inner)
      for value in 0..<eventsPerInner { inner.send(value) }
    }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }
}
