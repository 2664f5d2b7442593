import Benchmark
import OpenCombine
import ReactiveCore

// Scenario 4: subscription lifetimes. The subscriber closure is created once, outside the measured
// region, so the counts are those of the library, not of the caller's closure context.
func churnBenchmarks() {
  // 4a: subscribe then dispose at once; units are subscribe+dispose pairs.
  Benchmark("4_SubscribeDispose.Closure") { benchmark in
    let sink = Sink()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let relay = ClosureRegistry<Int>()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      relay.dispose(relay.subscribe(onNext))
    }
    benchmark.stopMeasurement()
    blackHole(relay)
  }

  Benchmark("4_SubscribeDispose.ReactiveCore") { benchmark in
    let sink = Sink()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let relay = PublishRelay<Int>()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      relay.subscribe(onNext: onNext).dispose()
    }
    benchmark.stopMeasurement()
    blackHole(relay)
  }

  Benchmark("4_SubscribeDispose.OpenCombine") { benchmark in
    let sink = Sink()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let subject = PassthroughSubject<Int, Never>()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      subject.sink(receiveValue: onNext).cancel()
    }
    benchmark.stopMeasurement()
    blackHole(subject)
  }

  // 4b: 1,000 subscriptions into a bag, then the bag is dropped; units are subscriptions.
  Benchmark("4_DisposeBag1000.Closure") { benchmark in
    let sink = Sink()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let relay = ClosureRegistry<Int>()
    relay.sinks.reserveCapacity(eventsPerIteration)
    benchmark.startMeasurement()
    var bag: [Int] = []
    for _ in benchmark.scaledIterations { bag.append(relay.subscribe(onNext)) }
    for token in bag { relay.dispose(token) }
    bag = []
    benchmark.stopMeasurement()
    blackHole(relay)
  }

  Benchmark("4_DisposeBag1000.ReactiveCore") { benchmark in
    let sink = Sink()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let relay = PublishRelay<Int>()
    benchmark.startMeasurement()
    var bag: DisposeBag? = DisposeBag()
    for _ in benchmark.scaledIterations { relay.subscribe(onNext: onNext).disposed(by: bag!) }
    bag = nil
    benchmark.stopMeasurement()
    blackHole(bag)
    blackHole(relay)
  }

  Benchmark("4_DisposeBag1000.OpenCombine") { benchmark in
    let sink = Sink()
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let subject = PassthroughSubject<Int, Never>()
    benchmark.startMeasurement()
    var bag = Set<AnyCancellable>()
    for _ in benchmark.scaledIterations { subject.sink(receiveValue: onNext).store(in: &bag) }
    bag = []
    benchmark.stopMeasurement()
    blackHole(bag)
    blackHole(subject)
  }
}
