import ReactiveCore
import ReactiveEngine
import ReactiveMVI
import Synchronization
import TestSupport
import Testing

/// A feature whose intents arrive from several threads and whose effects send results from
/// dispatch threads: the total only grows, so every subscriber must see it grow.
struct Swarm: Feature {
  struct State: Equatable { var total = 0 }

  enum Intent: Sendable {
    case add(Int)
    case fanOut(Int)
  }

  enum Event { case reached(Int) }

  let scheduler: ConcurrentDispatchQueueScheduler

  func handle(_ intent: Intent, state: State) -> Effect<Int, Event> {
    switch intent {
    case .add(let step): .result(step)
    case .fanOut(let step): .observable(Observable.from([step, step]).observe(on: scheduler))
    }
  }

  func reduce(_ state: State, _ step: Int) -> State { State(total: state.total + step) }

  func effect(after step: Int, state: State) -> Effect<Int, Event> {
    state.total.isMultiple(of: 16) ? .event(.reached(state.total)) : .none
  }
}

/// The store under attack: producer threads send intents (some start effects that answer from
/// dispatch threads) while a disruptor thread subscribes to states and events, disposes those
/// subscriptions, and at a seeded random point disposes the store or drops its last reference.
/// Every subscriber's contract is checked (`ContractProbe`), states never go backwards, and each
/// round must free the store and every resource. Failures name the seed (`REACTIVE_TEST_SEED`).
@Suite(.stress, .serialized, .onOwnThread)
struct AdversarialStoreTests {
  static let producers = 3
  /// Two rounds under ThreadSanitizer (each runs about ten times slower there), same seeds.
  static let rounds = isUnderThreadSanitizer ? 2 : 4
  /// The disruptor's actions per round; the producers send until it is done.
  static let actions = 120

  /// The producers' way to the store: a weak reference, so that the disruptor's can be the last.
  final class WeakStore: @unchecked Sendable {  // the reference is written once, in `init`
    weak var store: Store<Swarm>?
    init(_ store: Store<Swarm>) { self.store = store }
  }

  /// One subscriber: its probe, its subscription until disposed, and the last total it saw.
  final class Subscriber: @unchecked Sendable {
    // `subscription` is the disruptor's; `last` is touched by deliveries only, which the probe
    // checks are serial; `backwards` is read by the test thread.
    let probe = ContractProbe()
    var subscription: Disposable?
    var last = 0
    let backwards = Atomic<Int>(0)

    func receive(_ state: Swarm.State) {
      probe.next()
      if state.total < last { backwards.add(1, ordering: .relaxed) }
      last = state.total
    }
  }

  @Test(arguments: 0..<rounds) func contractHoldsUnderAttack(round: Int) {
    // A round's schedule may end the store before a subscriber sees a state (the producers of a
    // loaded machine had no turn yet), which proves nothing by itself: while nothing has been
    // delivered, up to four more rounds run (seeded by their number, so still repeatable).
    // A hang (nil) is recorded by the round itself; nothing more runs after it.
    guard var deliveries = Self.runRound(round) else { return }
    for extra in 1...4 where deliveries == 0 {
      guard let more = Self.runRound(round + extra * Self.rounds) else { return }
      deliveries += more
    }
    #expect(deliveries > 0, "nothing was delivered: the test proves nothing; \(seedNote(round))")
  }

  /// One round of the attack; checks its contracts and returns how many events its subscribers
  /// received, or nil if a thread hangs.
  static func runRound(_ round: Int) -> Int? {
    let scope = ResourceScope()
    let subscribers = Locked<[Subscriber]>([])
    let disrupting = SharedCounter(1)
    let threads = ThreadGroup()
    let weak: WeakStore
    do {
      let store = Resources.$scope.withValue(scope) {
        Store(
          initialState: Swarm.State(),
          feature: Swarm(scheduler: ConcurrentDispatchQueueScheduler(qos: .default)))
      }
      weak = WeakStore(store)
      let owner = Locked<Store<Swarm>?>(store)
      for thread in 0..<Self.producers {
        threads.spawn(name: "producer \(thread)") {
          Resources.$scope.withValue(scope) {
            var random = adversarialGenerator(round: round, thread: thread)
            while disrupting.current > 0 {
              let step = Int.random(in: 1...3, using: &random)
              weak.store?.send(random.oneIn(8) ? .fanOut(step) : .add(step))
              if random.oneIn(64) { random.pause(upTo: 20) }
            }
          }
        }
      }
      threads.spawn(name: "disruptor") {
        Resources.$scope.withValue(scope) {
          var random = adversarialGenerator(round: round, thread: Self.producers)
          var store = owner.withLock { $0.take() }
          var live: [Subscriber] = []
          // The action at which the store is disposed or dropped.
          let ending = Int.random(in: 0..<Self.actions, using: &random)
          for action in 0..<Self.actions {
            if action == ending, let ended = store {
              if random.oneIn(2) {
                ended.dispose()
                for subscriber in live { subscriber.probe.disposeReturned() }
              }
              store = nil
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where store != nil:
              let subscriber = Subscriber()
              subscribers.withLock { $0.append(subscriber) }
              switch Int.random(in: 0..<3, using: &random) {
              case 0:
                subscriber.subscription = store?.states.subscribe(onNext: subscriber.receive)
              case 1: subscriber.subscription = store?.subscribeStates(onNext: subscriber.receive)
              default:
                subscriber.subscription = store?.events.subscribe(onNext: { _ in
                  subscriber.probe.next()
                })
              }
              live.append(subscriber)
            default:
              guard !live.isEmpty else { break }
              let subscriber = live.remove(at: Int.random(in: 0..<live.count, using: &random))
              subscriber.subscription?.dispose()
              subscriber.probe.disposeReturned()
              subscriber.subscription = nil
            }
            random.pause(upTo: 200)
          }
          disrupting.decrement()
          store?.dispose()
          for subscriber in live {
            subscriber.subscription?.dispose()
            subscriber.probe.disposeReturned()
            subscriber.subscription = nil
          }
        }
      }
      let joined = threads.join()
      #expect(joined, "a thread hangs: \(seedNote(round))")
      guard joined else { return nil }
    }
    // Effects still on their queues end (disposed) and let the store go.
    let freed = eventually(timeout: adversarialLeakDeadline) {
      weak.store == nil && scope.live == 0
    }
    #expect(
      freed, "store alive: \(weak.store != nil), \(scope.live) resources live, \(seedNote(round))")
    var deliveries = 0
    for subscriber in subscribers.withLock({ $0 }) {
      let violations = subscriber.probe.violations
      #expect(violations.isEmpty, "\(violations), \(seedNote(round))")
      #expect(
        subscriber.backwards.load(ordering: .relaxed) == 0,
        "states went backwards, \(seedNote(round))")
      deliveries += subscriber.probe.deliveryCount
    }
    return deliveries
  }
}
