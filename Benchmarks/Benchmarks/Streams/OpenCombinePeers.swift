import Benchmark
import OpenCombine

// The OpenCombine peers of the shared scenarios (Scenarios.swift): the same work with
// `PassthroughSubject` for relays, `CurrentValueSubject` for BehaviorRelay and `AnyCancellable`
// for subscriptions. OpenCombine 0.14 has no combineLatest: scenario 5 has no peer.
func openCombineBenchmarks() {
  Benchmark("1_Relay.OpenCombine") { benchmark in
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }

  Benchmark("2_Chain.OpenCombine") { benchmark in
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }
      .scan(0) { $0 &+ $1 }.sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }

  Benchmark("3_FanOut100.OpenCombine") { benchmark in
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<fanOutWidth).map { _ in subject.sink { sink.value &+= $0 } }
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    for cancellable in cancellables { cancellable.cancel() }
    blackHole(sink.value)
  }

  Benchmark("4_SubscribeDispose.OpenCombine") { benchmark in
    let onNext: (Int) -> Void = { sink.value &+= $0 }
    let subject = PassthroughSubject<Int, Never>()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { subject.sink(receiveValue: onNext).cancel() }
    benchmark.stopMeasurement()
    blackHole(subject)
  }

  Benchmark("4_DisposeBag1000.OpenCombine") { benchmark in
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

  Benchmark("6_FlatMapLatest.OpenCombine") { benchmark in
    let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
    let cancellable = outer.switchToLatest().sink { sink.value &+= $0 }
    benchmark.startMeasurement()
    for _ in 0..<(benchmark.scaledIterations.count / eventsPerInner) {
      let inner = PassthroughSubject<Int, Never>()
      outer.send(inner)
      for value in 0..<eventsPerInner { inner.send(value) }
    }
    benchmark.stopMeasurement()
    cancellable.cancel()
    blackHole(sink.value)
  }

  Benchmark("7_BehaviorRelay.OpenCombine") { benchmark in
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
