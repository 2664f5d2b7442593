import ReactiveCore
import ReactiveTesting
import Testing

/// RxCocoa (and RxTest) code that ports by changing imports, written as RxCocoa code writes it:
/// constant drivers and signals, `bind(to:)`, curried binders and extensions of
/// `SharedSequenceConvertibleType`. On the main thread, as an XCTest runs.
@Suite @MainActor struct RxCocoaDropInTests {
  // MARK: a constant Driver or Signal serves every subscriber at once

  /// Subscribes twice to `sequence` and returns what each subscription received synchronously.
  private func twoSubscribers<Strategy>(_ sequence: SharedSequence<Strategy, Int>)
    -> (first: [String], second: [String])
  {
    var first: [String] = []
    var second: [String] = []
    let bag = DisposeBag()
    sequence.asObservable()
      .subscribe(onNext: { first.append("\($0)") }, onCompleted: { first.append("completed") })
      .disposed(by: bag)
    sequence.asObservable()
      .subscribe(onNext: { second.append("\($0)") }, onCompleted: { second.append("completed") })
      .disposed(by: bag)
    return (first, second)
  }

  @Test func aJustDriverDrivesEverySubscriberAtOnce() {
    let driver = Driver.just(1)
    var first: [Int] = []
    var second: [Int] = []
    var completed = 0
    let bag = DisposeBag()
    driver.drive(onNext: { first.append($0) }, onCompleted: { completed += 1 }).disposed(by: bag)
    driver.drive(onNext: { second.append($0) }, onCompleted: { completed += 1 }).disposed(by: bag)
    #expect(first == [1])
    #expect(second == [1])
    #expect(completed == 2)
  }

  @Test func justSignalEmptyDriverAndDeferredDriverServeEverySubscriberAtOnce() {
    let signal = twoSubscribers(Signal.just(2))
    #expect(signal.first == ["2", "completed"])
    #expect(signal.second == ["2", "completed"])
    let empty = twoSubscribers(Driver<Int>.empty())
    #expect(empty.first == ["completed"])
    #expect(empty.second == ["completed"])
    let deferred = twoSubscribers(Driver.deferred { Driver.just(7) })
    #expect(deferred.second == ["7", "completed"])
  }

  /// A sequence on a main scheduler, as RxCocoa's: the first element at once, each later step
  /// scheduled from inside the previous one, so through the main queue; every subscriber gets
  /// everything.
  @Test func anOfDriverDeliversEverythingToEverySubscriber() async {
    let driver = Driver.of(3, 4)
    let first = Shared<[Int]>([])
    let second = Shared<[Int]>([])
    let bag = DisposeBag()
    driver.drive(onNext: { value in first.mutate { $0.append(value) } }).disposed(by: bag)
    driver.drive(onNext: { value in second.mutate { $0.append(value) } }).disposed(by: bag)
    #expect(first.value == [3])
    #expect(await eventually { first.value == [3, 4] && second.value == [3, 4] })
  }

  /// `from(optional:)` as RxCocoa's (not shared, like RxCocoa's `SharedSequence(raw:)`): the value
  /// at once, the completion a step of its own scheduled from inside the first, so through the
  /// main queue; a second subscriber made while that step waits queues behind it, as on RxCocoa's
  /// main scheduler. Every subscriber gets both.
  @Test func anOptionalDriverGivesItsValueAtOnceAndCompletesThroughTheMainQueue() async {
    let driver = Driver.from(optional: 8)
    let first = Shared<[String]>([])
    let second = Shared<[String]>([])
    let bag = DisposeBag()
    for log in [first, second] {
      driver.drive(
        onNext: { value in log.mutate { $0.append("\(value)") } },
        onCompleted: { log.mutate { $0.append("completed") } }
      ).disposed(by: bag)
    }
    #expect(first.value == ["8"])
    #expect(second.value == [])
    #expect(
      await eventually {
        first.value == ["8", "completed"] && second.value == ["8", "completed"]
      })
  }

  @Test func subscribeOnAMainSchedulerServesASecondSubscriberAtOnce() {
    let scheduler = MainScheduler()
    let source = Observable.just(1).subscribe(on: scheduler)
    var received: [Int] = []
    _ = source.subscribe(onNext: { received.append($0) })
    _ = source.subscribe(onNext: { received.append($0) })
    #expect(received == [1, 1])
  }

  // MARK: bind(to:)

  @Test func bindToAnObserverPassesTheErrorOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    let subject = PublishSubject<Int?>()
    var subjectError: (any Error)?
    _ = subject.subscribe(onError: { subjectError = $0 })
    let failing = Observable<Int>.concat(.just(1), .error(TestError()))
    _ = failing.bind(to: observer)
    _ = failing.bind(to: subject)
    #expect(observer.events == [.next(0, 1), .error(0, TestError())])
    #expect(subjectError is TestError)
  }

  @Test func curriedBindersReceiveTheSequence() {
    var rendered: [String] = []
    func render(_ values: Observable<Int>) -> Disposable {
      values.subscribe(onNext: { rendered.append("\($0)") })
    }
    func render(_ values: Observable<Int>) -> (String) -> Disposable {
      { prefix in values.subscribe(onNext: { rendered.append(prefix + "\($0)") }) }
    }
    let values = Observable.just(1)
    let plain: Disposable = values.bind(to: render)
    let curried: Disposable = values.bind(to: render, curriedArgument: "#")
    let driver = Driver.just(2)
    let driven: Disposable = driver.drive(render)
    let drivenCurried: Disposable = driver.drive(render, curriedArgument: "d")
    _ = [plain, curried, driven, drivenCurried]
    #expect(rendered == ["1", "#1", "2", "d2"])
  }

  @Test func infallibleBindsToObserversRelaysAndClosures() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    let optionalObserver = scheduler.createObserver(Int?.self)
    let behavior = BehaviorRelay(value: 0)
    let optional = BehaviorRelay<Int?>(value: nil)
    let publish = PublishRelay<Int>()
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    var replayed: [Int] = []
    _ = replay.subscribe(onNext: { replayed.append($0) })
    var published: [Int] = []
    _ = publish.subscribe(onNext: { published.append($0) })
    var seen: [Int] = []
    let values = Infallible.just(5)
    let bag = DisposeBag()
    values.bind(to: observer).disposed(by: bag)
    values.bind(to: optionalObserver).disposed(by: bag)
    values.bind(to: behavior).disposed(by: bag)
    values.bind(to: optional).disposed(by: bag)
    values.bind(to: publish).disposed(by: bag)
    values.bind(to: replay).disposed(by: bag)
    values.bind(onNext: { seen.append($0) }).disposed(by: bag)
    #expect(observer.events == [.next(0, 5), .completed(0)])
    #expect(optionalObserver.events == [.next(0, 5), .completed(0)])
    #expect(behavior.value == 5)
    #expect(optional.value == 5)
    #expect(published == [5])
    #expect(replayed == [5])
    #expect(seen == [5])
  }

  // MARK: extensions of SharedSequenceConvertibleType

  @Test func anExtensionOfTheProtocolUsesTheOperators() {
    let flag = BehaviorRelay(value: true)
    var negated: [Bool] = []
    var counted: [Int] = []
    let bag = DisposeBag()
    flag.asDriver().not().drive(onNext: { negated.append($0) }).disposed(by: bag)
    flag.asDriver().trueCount().drive(onNext: { counted.append($0) }).disposed(by: bag)
    flag.accept(false)
    flag.accept(true)
    #expect(negated == [false, true, false])
    #expect(counted == [1, 2])
    var emitted: [Bool] = []
    let taps = PublishRelay<Bool>()
    taps.asSignal().not().emitNegated(into: { emitted.append($0) }).disposed(by: bag)
    taps.accept(true)
    #expect(emitted == [false])
  }

  // MARK: RxTest and RxSwift 6 names

  @Test func testSchedulerDefaultsAreTheTimesOfStart() {
    let scheduler = TestScheduler(initialClock: 0)
    var created = 0
    let res = scheduler.start { () -> Observable<Int> in
      created = scheduler.clock
      return .just(1)
    }
    #expect(created == TestScheduler.Defaults.created)
    #expect(
      res.events == [
        .next(TestScheduler.Defaults.subscribed, 1), .completed(TestScheduler.Defaults.subscribed),
      ])
    #expect(TestScheduler.Defaults.disposed == 1000)
  }

  @Test func replaySubjectCreateUnboundedReplaysEverything() {
    let subject = ReplaySubject<Int>.createUnbounded()
    let old = ReplaySubject<Int>.createUnbound()
    for value in 1...3 {
      subject.onNext(value)
      old.onNext(value)
    }
    var received: [Int] = []
    _ = subject.subscribe(onNext: { received.append($0) })
    _ = old.subscribe(onNext: { received.append($0) })
    #expect(received == [1, 2, 3, 1, 2, 3])
  }
}

extension SharedSequenceConvertibleType where Element == Bool {
  /// RxCocoa users' staple: the negation, for any shared sequence of `Bool`.
  fileprivate func not() -> SharedSequence<SharingStrategy, Bool> {
    map(!)
  }

  /// A running count of `true` elements, built from several protocol-level operators.
  fileprivate func trueCount() -> SharedSequence<SharingStrategy, Int> {
    filter { $0 }.scan(0) { count, _ in count + 1 }.startWith(0).skip(1)
      .flatMapLatest { SharedSequence<SharingStrategy, Int>.just($0) }
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// `emit` called from an extension of the protocol.
  fileprivate func emitNegated(into handler: @escaping (Element) -> Void) -> Disposable {
    emit(onNext: handler)
  }
}
