// A tiny executable for profilers (valgrind --tool=callgrind, perf): runs one scenario's
// ReactiveCore loop `count` times with no harness around it.
//
//   swift build -c release --package-path Benchmarks/Profile
//   valgrind --tool=callgrind Benchmarks/Profile/.build/release/Profile relay 1000000
import ReactiveCore
import ReactiveMVI

/// The trivial feature of the `store` scenario: the state is the running sum of the intents.
struct SumFeature: Feature {
  func reduce(_ state: Int, _ intent: Int) -> Int { state &+ intent }
}

final class Sink: @unchecked Sendable {  // single-threaded
  var value = 0
}

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "relay"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let sink = Sink()
let onNext: (Int) -> Void = { sink.value &+= $0 }

switch scenario {
case "relay":
  let relay = PublishRelay<Int>()
  let subscription = relay.subscribe(onNext: onNext)
  for value in 0..<count { relay.accept(value) }
  subscription.dispose()
case "chain":
  let relay = PublishRelay<Int>()
  let subscription = relay.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 2 }
    .scan(0) { $0 &+ $1 }.subscribe(onNext: onNext)
  for value in 0..<count { relay.accept(value) }
  subscription.dispose()
case "fanout":
  let relay = PublishRelay<Int>()
  let subscriptions = (0..<100).map { _ in relay.subscribe(onNext: onNext) }
  for value in 0..<count { relay.accept(value) }
  for subscription in subscriptions { subscription.dispose() }
case "subscribe-dispose":
  let relay = PublishRelay<Int>()
  for _ in 0..<count { relay.subscribe(onNext: onNext).dispose() }
case "bag":
  let relay = PublishRelay<Int>()
  for _ in 0..<(count / 1_000) {
    let bag = DisposeBag()
    for _ in 0..<1_000 { relay.subscribe(onNext: onNext).disposed(by: bag) }
  }
case "behavior":
  let relay = BehaviorRelay(value: 0)
  let subscription = relay.subscribe(onNext: onNext)
  for value in 0..<count {
    relay.accept(value)
    sink.value &+= relay.value
  }
  subscription.dispose()
case "combine-latest":
  let left = PublishRelay<Int>()
  let right = PublishRelay<Int>()
  let subscription = Observable.combineLatest(left, right) { $0 &+ $1 }.subscribe(onNext: onNext)
  for value in 0..<count {
    if value & 1 == 0 { left.accept(value) } else { right.accept(value) }
  }
  subscription.dispose()
case "flat-map-latest":
  let outer = PublishRelay<PublishRelay<Int>>()
  let subscription = outer.flatMapLatest { $0 }.subscribe(onNext: onNext)
  for _ in 0..<(count / 10) {
    let inner = PublishRelay<Int>()
    outer.accept(inner)
    for value in 0..<10 { inner.accept(value) }
  }
  subscription.dispose()
case "store":
  let store = Store(initialState: 0, feature: SumFeature())
  let subscription = store.states.subscribe(onNext: onNext)
  for value in 0..<count { store.send(value) }
  subscription.dispose()
  store.dispose()
default:
  print(
    "unknown scenario \(scenario): relay, chain, fanout, subscribe-dispose, bag, behavior, combine-latest,"
      + " flat-map-latest, store")
}
print(sink.value)
