import OpenCombine

// The OpenCombine peers of the shared scenarios (Scenarios.swift, StoreScenarios.swift): the same
// work with `PassthroughSubject` for relays, `CurrentValueSubject` for BehaviorRelay and
// `AnyCancellable` for subscriptions. OpenCombine 0.14 has no combineLatest or zip: scenario 5
// has no peer. Compiled into both benchmark targets (a symlink in Store) and the WallClock
// executable, like the other shared scenarios.

/// The OpenCombine peers of the Streams scenarios.
func openCombineStreamScenarios<Runner: ScenarioRunner>(_: Runner.Type) -> [NamedScenario<Runner>] {
  [
    NamedScenario(profile: "relay-opencombine", benchmark: "1_Relay.OpenCombine") { runner in
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.sink { sink.value &+= $0 }
      runner.measure { for value in runner.units { subject.send(value) } }
      cancellable.cancel()
    },
    NamedScenario(profile: "chain-opencombine", benchmark: "2_Chain.OpenCombine") { runner in
      let subject = PassthroughSubject<Int, Never>()
      let cancellable = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }
        .scan(0) { $0 &+ $1 }.sink { sink.value &+= $0 }
      runner.measure { for value in runner.units { subject.send(value) } }
      cancellable.cancel()
    },
    NamedScenario(profile: "fanout-opencombine", benchmark: "3_FanOut100.OpenCombine") { runner in
      let subject = PassthroughSubject<Int, Never>()
      let cancellables = (0..<fanOutWidth).map { _ in subject.sink { sink.value &+= $0 } }
      runner.measure { for value in runner.units { subject.send(value) } }
      for cancellable in cancellables { cancellable.cancel() }
    },
    NamedScenario(
      profile: "subscribe-dispose-opencombine", benchmark: "4_SubscribeDispose.OpenCombine"
    ) { runner in
      let onNext: (Int) -> Void = { sink.value &+= $0 }
      let subject = PassthroughSubject<Int, Never>()
      runner.measure { for _ in runner.units { subject.sink(receiveValue: onNext).cancel() } }
      withExtendedLifetime(subject) {}
    },
    NamedScenario(profile: "bag-opencombine", benchmark: "4_DisposeBag1000.OpenCombine") { runner in
      let onNext: (Int) -> Void = { sink.value &+= $0 }
      let subject = PassthroughSubject<Int, Never>()
      runner.measure {
        for _ in 0..<(runner.units.count / subscriptionsPerBag) {
          var bag = Set<AnyCancellable>()
          for _ in 0..<subscriptionsPerBag { subject.sink(receiveValue: onNext).store(in: &bag) }
          bag = []
          withExtendedLifetime(bag) {}
        }
      }
      withExtendedLifetime(subject) {}
    },
    NamedScenario(profile: "flat-map-latest-opencombine", benchmark: "6_FlatMapLatest.OpenCombine")
    {
      runner in
      let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
      let cancellable = outer.switchToLatest().sink { sink.value &+= $0 }
      runner.measure {
        for _ in 0..<(runner.units.count / eventsPerInner) {
          let inner = PassthroughSubject<Int, Never>()
          outer.send(inner)
          for value in 0..<eventsPerInner { inner.send(value) }
        }
      }
      cancellable.cancel()
    },
    NamedScenario(profile: "behavior-opencombine", benchmark: "7_BehaviorRelay.OpenCombine") {
      runner in
      let subject = CurrentValueSubject<Int, Never>(0)
      let cancellable = subject.sink { sink.value &+= $0 }
      runner.measure {
        for value in runner.units {
          subject.send(value)
          sink.value &+= subject.value
        }
      }
      cancellable.cancel()
    },
    NamedScenario(profile: "from-array-opencombine", benchmark: "12_FromArray.OpenCombine") {
      runner in
      let numbers = Array(0..<arrayLength)
      runner.measure {
        for _ in 0..<(runner.units.count / arrayLength) {
          _ = numbers.publisher.sink { sink.value &+= $0 }
        }
      }
    },
  ]
}

/// The OpenCombine peer of the store scenario. OpenCombine has no store: intents into a subject,
/// reduced into a `CurrentValueSubject`, rendered by its subscriber.
func openCombineStoreScenarios<Runner: ScenarioRunner>(_: Runner.Type) -> [NamedScenario<Runner>] {
  [
    NamedScenario(profile: "store-opencombine", benchmark: "8_Store.OpenCombine") { runner in
      let intents = PassthroughSubject<Int, Never>()
      let state = CurrentValueSubject<Int, Never>(0)
      let reducing = intents.sink { state.send(state.value &+ $0) }
      let rendering = state.sink { sink.value &+= $0 }
      runner.measure { for value in runner.units { intents.send(value) } }
      reducing.cancel()
      rendering.cancel()
    }
  ]
}
