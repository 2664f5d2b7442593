import Dispatch
import ReactiveCore
import ReactiveEngine
import TestSupport
import Testing

/// Every multi-source and time operator, the subjects and the relays under attack: producer threads
/// send to hot sources (ending some of them at random points), while a disruptor thread subscribes
/// new observers, disposes subscriptions and drops references at seeded random points. Each
/// observer's contract is checked as it happens (`ContractProbe`), every wait has a deadline, and
/// each round must leave no live resource behind. Failures name the seed (`REACTIVE_TEST_SEED`).
@Suite(.stress, .serialized, .onOwnThread)
struct AdversarialOperatorTests {
  static let producers = 3
  /// One round under ThreadSanitizer (each runs about ten times slower there), same seeds.
  static let rounds = isUnderThreadSanitizer ? 1 : 2
  /// The disruptor's actions per round; the producers send until it is done.
  static let actions = 120
  static let maximumLiveSubscriptions = 6

  /// What is under test: an operator over the three hot sources of a `Feed`.
  enum Scenario: String, CaseIterable, Sendable {
    case merge, concat, combineLatest, zip, withLatestFrom
    case flatMap, flatMapLatest, flatMapFirst, concatMap, switchLatest
    case amb, sample, takeUntil, skipUntil
    case shareWhileConnected, shareForever
    case debounce, throttle, delay, observeOnSerial, observeOnConcurrent, subscribeOn, timeout
    case bufferTime, windowTime
    case publishSubject, behaviorSubject, replaySubject, asyncSubject
    case publishRelay, behaviorRelay, replayRelay

    var feedKind: Feed.Kind {
      switch self {
      case .behaviorSubject: .behaviorSubject
      case .replaySubject: .replaySubject
      case .asyncSubject: .asyncSubject
      case .publishRelay: .publishRelay
      case .behaviorRelay: .behaviorRelay
      case .replayRelay: .replayRelay
      default: .publishSubject
      }
    }

    /// A new instance of the observable under test. Subscribers of one instance share it (which
    /// matters for `share`); the disruptor drops its instance at random points.
    func observable(_ feed: Feed, _ schedulers: Schedulers) -> Observable<Int> {
      let (a, b, c) = (feed.sources[0], feed.sources[1], feed.sources[2])
      let serial = schedulers.serial
      let concurrent = schedulers.concurrent
      switch self {
      case .merge: return Observable.merge(a, b, c)
      case .concat: return Observable.concat(a.take(40), b.take(40), c)
      case .combineLatest: return Observable.combineLatest(a, b, c) { $0 &+ $1 &+ $2 }
      case .zip: return Observable.zip(a, b) { $0 &+ $1 }
      case .withLatestFrom: return a.withLatestFrom(b) { $0 &+ $1 }
      case .flatMap: return a.flatMap { $0.isMultiple(of: 2) ? b.take(3) : .just($0) }
      case .flatMapLatest: return a.flatMapLatest { _ in b.take(5) }
      case .flatMapFirst: return a.flatMapFirst { _ in b.take(5) }
      case .concatMap: return a.concatMap { $0.isMultiple(of: 4) ? b.take(2) : .just($0) }
      case .switchLatest: return a.map { $0.isMultiple(of: 2) ? b : c }.switchLatest()
      case .amb: return a.amb(b)
      case .sample: return a.sample(b)
      case .takeUntil: return a.take(until: b.filter { $0.isMultiple(of: 8) })
      case .skipUntil: return a.skip(until: b.filter { $0.isMultiple(of: 8) })
      case .shareWhileConnected:
        return Observable.merge(a, b).share(replay: 1, scope: .whileConnected)
      case .shareForever: return Observable.merge(a, b).share(replay: 1, scope: .forever)
      case .debounce: return Observable.merge(a, b).debounce(.microseconds(50), scheduler: serial)
      case .throttle:
        return Observable.merge(a, b).throttle(.microseconds(50), scheduler: concurrent)
      case .delay: return a.delay(.microseconds(20), scheduler: concurrent)
      case .observeOnSerial: return a.observe(on: serial)
      case .observeOnConcurrent: return a.observe(on: concurrent)
      case .subscribeOn: return a.subscribe(on: concurrent)
      case .timeout: return a.timeout(.microseconds(300), scheduler: concurrent)
      case .bufferTime:
        return a.buffer(timeSpan: .microseconds(100), count: 4, scheduler: concurrent).map(\.count)
      case .windowTime:
        return a.window(timeSpan: .microseconds(100), count: 4, scheduler: serial).flatMap { $0 }
      case .publishSubject, .behaviorSubject, .replaySubject, .asyncSubject, .publishRelay,
        .behaviorRelay, .replayRelay:
        return a
      }
    }
  }

  /// The real dispatch schedulers of the time operators, new for each round.
  struct Schedulers: Sendable {
    let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "adversarial.serial")
    let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
  }

  /// Three hot sources of one kind, which the producer threads send to.
  struct Feed: Sendable {
    enum Kind {
      case publishSubject, behaviorSubject, replaySubject, asyncSubject
      case publishRelay, behaviorRelay, replayRelay
    }

    let sources: [Observable<Int>]
    /// Sends `value` to source `index`.
    let send: @Sendable (_ index: Int, _ value: Int) -> Void
    /// Ends source `index` (an error or a completion); relays never end.
    let end: @Sendable (_ index: Int, _ failing: Bool) -> Void
    /// Whether the sources end: a subscription to a relay lives until disposed (as in RxSwift),
    /// so the disruptor disposes the ones it dropped at the end of the round.
    var ends = true

    init(_ kind: Kind) {
      switch kind {
      case .publishSubject: self.init(subjects: (0..<3).map { _ in PublishSubject<Int>() })
      case .behaviorSubject: self.init(subjects: (0..<3).map { _ in BehaviorSubject(value: -1) })
      case .replaySubject:
        self.init(subjects: (0..<3).map { _ in ReplaySubject<Int>.create(bufferSize: 4) })
      case .asyncSubject: self.init(subjects: (0..<3).map { _ in AsyncSubject<Int>() })
      case .publishRelay:
        let relays = (0..<3).map { _ in PublishRelay<Int>() }
        self.init(relays: relays, accept: { relays[$0].accept($1) })
      case .behaviorRelay:
        let relays = (0..<3).map { _ in BehaviorRelay(value: -1) }
        self.init(relays: relays, accept: { relays[$0].accept($1) })
      case .replayRelay:
        let relays = (0..<3).map { _ in ReplayRelay<Int>.create(bufferSize: 4) }
        self.init(relays: relays, accept: { relays[$0].accept($1) })
      }
    }

    private init<Subject: ObserverType & ObservableType & Sendable>(subjects: [Subject])
    where Subject.Element == Int {
      sources = subjects.map { $0.asObservable() }
      send = { subjects[$0].onNext($1) }
      end = { index, failing in
        if failing {
          subjects[index].onError(AdversarialError())
        } else {
          subjects[index].onCompleted()
        }
      }
    }

    private init<Relay: ObservableType & Sendable>(
      relays: [Relay], accept: @escaping @Sendable (Int, Int) -> Void
    ) where Relay.Element == Int {
      sources = relays.map { $0.asObservable() }
      send = accept
      end = { _, _ in }
      ends = false
    }
  }

  struct AdversarialError: Error {}

  /// One observer of the disruptor: its probe, and its subscription until disposed or dropped.
  struct Entry {
    let probe: ContractProbe
    var subscription: Disposable?
  }

  @Test(arguments: Scenario.allCases) func contractHoldsUnderAttack(_ scenario: Scenario) {
    var deliveries = 0
    var round = 0
    // A round's random schedule may end the sources before anything gets through (`skip(until:)`
    // whose `other` completes first, say), which proves nothing by itself: while nothing has been
    // delivered, up to four more rounds run (seeded by their number, so still repeatable).
    while round < Self.rounds || (deliveries == 0 && round < Self.rounds + 4) {
      deliveries += Self.runRound(scenario, round: round)
      round += 1
    }
    #expect(deliveries > 0, "nothing was delivered: the test proves nothing; \(seedNote())")
  }

  /// Runs one round and checks its probes and its live resources; returns the deliveries seen.
  static func runRound(_ scenario: Scenario, round: Int) -> Int {
    let scope = ResourceScope()
    let probes = Locked<[ContractProbe]>([])
    let disrupting = SharedCounter(1)
    let threads = ThreadGroup()
    do {
      // The threads reach the feed through `shared`, which the disruptor empties at the end: the
      // sources are then held by nothing but the subscriptions left behind.
      let shared = Locked<Feed?>(Feed(scenario.feedKind))
      let schedulers = Schedulers()
      for thread in 0..<producers {
        threads.spawn(name: "producer \(thread)") {
          Resources.$scope.withValue(scope) {
            var random = adversarialGenerator(round: round, thread: thread)
            guard let feed = shared.withLock({ $0 }) else { return }
            var index = 0
            while disrupting.current > 0 {
              index += 1
              let source = Int.random(in: 0..<3, using: &random)
              if random.oneIn(20_000) {
                feed.end(source, random.oneIn(2))
              } else {
                feed.send(source, thread * 1_000_000 + index)
              }
              if random.oneIn(64) { random.pause(upTo: 20) }
            }
          }
        }
      }
      threads.spawn(name: "disruptor") {
        Resources.$scope.withValue(scope) {
          var random = adversarialGenerator(round: round, thread: producers)
          guard let feed = shared.withLock({ $0 }) else { return }
          var current: Observable<Int>? = nil
          var entries: [Entry] = []
          var dropped: [Disposable] = []
          for _ in 0..<actions {
            let live = entries.indices.filter { entries[$0].subscription != nil }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4 where live.count < maximumLiveSubscriptions:
              let observable = current ?? scenario.observable(feed, schedulers)
              current = observable
              let probe = ContractProbe()
              probes.withLock { $0.append(probe) }
              let subscription = observable.subscribe(
                onNext: { _ in probe.next() }, onError: { _ in probe.terminal() },
                onCompleted: { probe.terminal() })
              entries.append(Entry(probe: probe, subscription: subscription))
            case 0..<8 where !live.isEmpty:
              let index = live.randomElement(using: &random)!
              entries[index].subscription?.dispose()
              entries[index].probe.disposeReturned()
              entries[index].subscription = nil
            case 8:
              // Drops the last reference to the observable (its subscriptions keep their part).
              current = nil
            default:
              // Drops a subscription without disposing it: it lives on with its sources, and
              // must still be freed once they end (also when it ends silently, as `skip(until:)`
              // and `sample` can).
              guard let index = live.randomElement(using: &random) else { break }
              if !feed.ends, let subscription = entries[index].subscription {
                dropped.append(subscription)
              }
              entries[index].subscription = nil
            }
            random.pause(upTo: 200)
          }
          disrupting.decrement()
          // The producers stop: end the sources, then dispose what is left.
          for index in 0..<3 { feed.end(index, false) }
          for index in entries.indices {
            guard let subscription = entries[index].subscription else { continue }
            subscription.dispose()
            entries[index].probe.disposeReturned()
          }
          for subscription in dropped { subscription.dispose() }
          shared.withLock { $0 = nil }
        }
      }
      let joined = threads.join()
      #expect(joined, "a thread hangs: \(scenario), \(seedNote(round))")
      guard joined else { return 0 }
    }
    // Time operators may still hold work on their queues for a moment; it must end and free all.
    let freed = eventually(timeout: adversarialLeakDeadline) { scope.live == 0 }
    #expect(freed, "\(scope.live) resources live after the round: \(scenario), \(seedNote(round))")
    var deliveries = 0
    for probe in probes.withLock({ $0 }) {
      let violations = probe.violations
      #expect(violations.isEmpty, "\(scenario): \(violations), \(seedNote(round))")
      deliveries += probe.deliveryCount
    }
    return deliveries
  }
}
