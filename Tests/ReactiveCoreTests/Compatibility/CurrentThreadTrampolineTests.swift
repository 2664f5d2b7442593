import ReactiveCore
import Testing

/// RxSwift's current-thread trampoline, which every subscription made on an idle thread starts
/// and on which the synchronous sequences (`of`, `from`, `range`, `repeatElement`, `generate`)
/// emit element by element: each test is written as RxSwift code (only the imports differ) and
/// expects what RxSwift 6.10.2 gives.
@Suite struct CurrentThreadTrampolineTests {
  struct Failure: Error, Equatable {}

  /// Collects what `subscribe(onNext:onError:onCompleted:)` receives, as strings.
  final class Log {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
  }

  func record<Element>(_ source: Observable<Element>) -> [String] {
    let log = Log()
    _ = source.subscribe(
      onNext: { log.append("\($0)") }, onError: { _ in log.append("error") },
      onCompleted: { log.append("completed") })
    return log.entries
  }

  @Test func synchronousSequencesMergedTakeTurns() {
    #expect(
      record(Observable.merge(.of(1, 2, 3), .of(10, 20, 30)))
        == ["1", "10", "2", "20", "3", "30", "completed"])
    #expect(
      record(
        Observable.merge(
          Observable.range(start: 1, count: 3),
          Observable.generate(initialState: 10, condition: { $0 < 40 }, iterate: { $0 + 10 }),
          Observable.repeatElement(0).take(3)))
        == ["1", "10", "0", "2", "20", "0", "3", "30", "0", "completed"])
    // `just` emits at once, as in RxSwift; a sequence queues its first element.
    #expect(record(Observable.merge(.of(1, 2), .just(9))) == ["9", "1", "2", "completed"])
    #expect(
      record(Observable.merge(Observable.of(1, 2).concat(Observable.just(3)), .of(10, 20, 30)))
        == ["1", "10", "2", "20", "3", "30", "completed"])
  }

  @Test func anErrorMergedWithASynchronousSequenceComesFirst() {
    #expect(record(Observable.merge(.of(1, 2, 3), .error(Failure()))) == ["error"])
    #expect(record(Observable.merge(.error(Failure()), .of(1, 2, 3))) == ["error"])
  }

  @Test func aSequenceSubscribedInsideCreateEmitsAfterTheClosureReturns() {
    let log = Log()
    _ = Observable<Int>.create { observer in
      let subscription = Observable.of(1, 2).subscribe(observer)
      log.append("closure returns")
      return subscription
    }.subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
    #expect(log.entries == ["closure returns", "1", "2", "completed"])
  }

  @Test func everySubscriberOfASharedExecutionHandedOutThroughOfGetsEveryElement() {
    let trigger = PublishSubject<Int>()
    let executions = trigger.flatMap { n -> Observable<Observable<Int>> in
      let execution = Observable.of(n, n + 1, n + 2).share(replay: 1, scope: .forever)
      return Observable.of(execution)
    }.share()
    var first: [Int] = []
    var second: [Int] = []
    let bag = DisposeBag()
    executions.flatMap { $0 }.subscribe(onNext: { first.append($0) }).disposed(by: bag)
    executions.flatMap { $0 }.subscribe(onNext: { second.append($0) }).disposed(by: bag)
    trigger.onNext(1)
    #expect(first == [1, 2, 3])
    #expect(second == [1, 2, 3])
  }

  /// `retry` and `retry(when:)` subscribe their source before `subscribe` returns: an element the
  /// next source of `merge` sends at once reaches them.
  enum Retrying: CaseIterable, Sendable {
    case retry, retryWhen

    func apply(_ source: Observable<Int>) -> Observable<Int> {
      switch self {
      case .retry: source.retry()
      case .retryWhen: source.retry(when: { (errors: Observable<any Error>) in errors })
      }
    }
  }

  @Test(arguments: Retrying.allCases)
  func retryingSubscribesItsSourceAtOnce(_ retrying: Retrying) {
    let subject = PublishSubject<Int>()
    var received: [Int] = []
    _ = Observable.merge(
      retrying.apply(subject.asObservable()),
      Observable<Int>.create { _ in
        subject.onNext(7)
        return Disposables.create()
      }
    )
    .take(1)
    .subscribe(onNext: { received.append($0) })
    #expect(received == [7])
  }

  /// A subject, a relay's observable and a connectable observable are not producers in RxSwift:
  /// subscribing to one starts no trampoline, so a synchronous sequence subscribed from the
  /// replay's handler runs at once, before the handler goes on.
  @Test(arguments: HotSourceKind.allCases)
  func aHotSourceStartsNoTrampoline(_ kind: HotSourceKind) {
    let log = Log()
    _ = kind.make(replaying: 1).subscribe(onNext: { _ in
      _ = Observable.of(10, 20).subscribe(onNext: { log.append("\($0)") })
      log.append("handler returned")
    })
    #expect(log.entries == ["10", "20", "handler returned"])
    // Behind an operator the trampoline runs, as in RxSwift: the sequence waits for the handler.
    let mapped = Log()
    _ = kind.make(replaying: 1).map { $0 }.subscribe(onNext: { _ in
      _ = Observable.of(10, 20).subscribe(onNext: { mapped.append("\($0)") })
      mapped.append("handler returned")
    })
    #expect(mapped.entries == ["handler returned", "10", "20"])
  }

  enum HotSourceKind: CaseIterable, Sendable {
    case behaviorSubject, replaySubject, behaviorRelay, replayRelay, connectable

    /// A hot source whose subscriber gets `value` at once.
    func make(replaying value: Int) -> Observable<Int> {
      switch self {
      case .behaviorSubject: BehaviorSubject(value: value)
      case .replaySubject:
        {
          let subject = ReplaySubject<Int>.create(bufferSize: 1)
          subject.onNext(value)
          return subject
        }()
      case .behaviorRelay: BehaviorRelay(value: value).asObservable()
      case .replayRelay:
        {
          let relay = ReplayRelay<Int>.create(bufferSize: 1)
          relay.accept(value)
          return relay.asObservable()
        }()
      case .connectable:
        {
          // A source that does not complete, so the connection keeps its subject.
          let source = PublishSubject<Int>()
          let replayed = source.replay(1)
          _ = replayed.connect()
          source.onNext(value)
          return replayed
        }()
      }
    }
  }

  @Test func infiniteSequencesStillEndUnderTake() {
    #expect(record(Observable.repeatElement(1).take(3)) == ["1", "1", "1", "completed"])
    #expect(
      record(Observable.zip(Observable.from(1...), Observable.from(1...)).take(3).map { $0 + $1 })
        == ["2", "4", "6", "completed"])
    #expect(
      record(
        Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 })
          .take(2)) == ["0", "1", "completed"])
  }
}
