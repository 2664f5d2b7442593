import Dispatch
import ReactiveEngine
import ReactiveTesting
import Testing

@testable import ReactiveCore

/// Driver and Signal on virtual time: a `TestScheduler` stands in for the main scheduler.
@Suite struct DriverSignalTests {
  /// An observable that counts its subscriptions.
  final class Counted: @unchecked Sendable {  // only touched on the test's thread
    var subscriptions = 0
    let subject = PublishSubject<Int>()
    var observable: Observable<Int> {
      Observable.deferred { [self] in
        subscriptions += 1
        return subject.asObservable()
      }
    }
  }

  @Test func driverSharesOneSubscriptionAndReplaysTheLatest() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let source = Counted()
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = source.observable.asDriver(onErrorJustReturn: -1)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let d1 = driver.drive(first)
        source.subject.onNext(1)
        scheduler.advanceTo(10)
        let d2 = driver.drive(second)  // joins late: gets the latest element at once
        source.subject.onNext(2)
        scheduler.advanceTo(20)
        #expect(source.subscriptions == 1)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [1, 2])
        d1.dispose()
        d2.dispose()
        // `.whileConnected`: the next observer subscribes anew and gets no stale replay.
        let third = Recorder<Int>()
        let d3 = driver.drive(third)
        scheduler.advanceTo(30)
        #expect(source.subscriptions == 2)
        #expect(third.elements == [])
        source.subject.onNext(3)
        scheduler.advanceTo(40)
        #expect(third.elements == [3])
        d3.dispose()
      }
    }
  }

  /// As RxCocoa's: the value and the completion are two steps on the sharing scheduler.
  @Test func fromOptionalEmitsAndCompletesInTwoSteps() {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
      let some = scheduler.start { Driver.from(optional: 1).asObservable() }
      #expect(some.events == [.next(201, 1), .completed(202)])
    }
    let other = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: other) {
      let none = other.start { Driver<Int>.from(optional: nil).asObservable() }
      #expect(none.events == [.completed(201)])
    }
  }

  /// RxCocoa's forms: arrays of the latest (or same-index) elements, and distinct by a key
  /// compared with a closure.
  @Test func arrayFormsAndDistinctByKeyWithAComparer() {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
      let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3)])
      let b = scheduler.createHotObservable([.next(220, 10), .next(240, 30)])
      let latest = scheduler.start {
        Driver.combineLatest([
          a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0),
        ]).asObservable()
      }
      #expect(latest.events.map(\.value.element) == [[1, 10], [3, 10], [3, 30]])
    }
    let other = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: other) {
      let a = other.createHotObservable([.next(210, 1), .next(230, 3)])
      let b = other.createHotObservable([.next(220, 10), .next(240, 30)])
      let zipped = other.start {
        Driver.zip([a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0)])
          .asObservable()
      }
      #expect(zipped.events.map(\.value.element) == [[1, 10], [3, 30]])
    }
    let words = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: words) {
      let source = words.createHotObservable([
        .next(210, "a"), .next(220, "A"), .next(230, "bb"), .next(240, "cc"), .next(250, "d"),
      ])
      let distinct = words.start {
        source.asDriver(onErrorJustReturn: "")
          .distinctUntilChanged({ $0.count }, comparer: { $0 == $1 }).asObservable()
      }
      #expect(distinct.events.map(\.value.element) == ["a", "bb", "d"])
    }
  }

  @Test func signalSharesWithoutReplay() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let source = Counted()
      SharingScheduler.mock(scheduler: scheduler) {
        let signal = source.observable.asSignal(onErrorJustReturn: -1)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let d1 = signal.emit(to: first)
        source.subject.onNext(1)
        scheduler.advanceTo(10)
        let d2 = signal.emit(to: second)  // joins late: sees only later elements
        scheduler.advanceTo(15)
        #expect(second.elements == [])
        source.subject.onNext(2)
        scheduler.advanceTo(20)
        #expect(source.subscriptions == 1)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [2])
        d1.dispose()
        d2.dispose()
      }
    }
  }

  /// Runs `make` on a fresh virtual clock that also stands in for the main scheduler.
  func run<Element>(_ make: @escaping (TestScheduler) -> Observable<Element>)
    -> [Event<Element>]
  {
    let scheduler = TestScheduler(initialClock: 0)
    return SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start { make(scheduler) }.events.map(\.value)
    }
  }

  func failing(_ scheduler: TestScheduler) -> Observable<Int> {
    scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 7))]).asObservable()
  }

  @Test func errorsAreReplacedNeverDelivered() {
    expectNoLeaks {
      #expect(
        run { failing($0).asDriver(onErrorJustReturn: 0).asObservable() }
          == [.next(1), .next(0), .completed])
      #expect(
        run { failing($0).asDriver(onErrorDriveWith: Driver.of(5, 6)).asObservable() }
          == [.next(1), .next(5), .next(6), .completed])
      let seen = Locked<[String]>([])
      #expect(
        run {
          failing($0).asDriver(onErrorRecover: { error in
            seen.withLock { $0.append("\(error)") }
            return Driver.just(9)
          }).asObservable()
        } == [.next(1), .next(9), .completed])
      #expect(seen.withLock { $0 } == ["TestError(7)"])
      #expect(
        run { failing($0).asSignal(onErrorJustReturn: 4).asObservable() }
          == [.next(1), .next(4), .completed])
      #expect(
        run { failing($0).asSignal(onErrorSignalWith: .empty()).asObservable() }
          == [.next(1), .completed])
      #expect(
        run { failing($0).asSignal(onErrorRecover: { _ in .just(3) }).asObservable() }
          == [.next(1), .next(3), .completed])
    }
  }

  @Test func timeOperatorsRunOnTheSharingScheduler() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        let xs = scheduler.createHotObservable([
          .next(210, 1), .next(215, 2), .next(240, 3), .completed(300),
        ])
        let debounced = scheduler.start {
          xs.asDriver(onErrorJustReturn: 0).debounce(.seconds(20)).asObservable()
        }
        // Each element hops onto the scheduler first (one tick of processing delay).
        #expect(debounced.events.map(\.value) == [.next(2), .next(3), .completed])
        #expect(debounced.events.map(\.time) == [236, 261, 301])
      }
    }
  }

  @Test func throttleAndDelayKeepTheStrategy() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        let xs = scheduler.createHotObservable([
          .next(210, 1), .next(212, 2), .next(240, 3), .completed(300),
        ])
        let throttled = scheduler.start {
          let signal: Signal<Int> = xs.asSignal(onErrorJustReturn: 0).throttle(.seconds(10))
          return signal.asObservable()
        }
        // Each element hops onto the scheduler first (211, 213, 241): the first passes at once,
        // the latest of the window at its end (221), the next one after a quiet window at once.
        #expect(throttled.events.map(\.value) == [.next(1), .next(2), .next(3), .completed])
        #expect(throttled.events.map(\.time) == [211, 221, 241, 301])
      }
      let clock = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: clock) {
        let xs = clock.createHotObservable([.next(210, 1), .completed(300)])
        let delayed = clock.start {
          let driver: Driver<Int> = xs.asDriver(onErrorJustReturn: 0).delay(.seconds(5))
          return driver.asObservable()
        }
        #expect(delayed.events.map(\.value) == [.next(1), .completed])
        #expect(delayed.events.first?.time == 216)
      }
    }
  }

  @Test func operatorsKeepDriverSemantics() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        let a = BehaviorRelay(value: 1)
        let b = BehaviorRelay(value: "x")
        let taps = PublishRelay<Void>()
        let combined: Driver<String> = Driver.combineLatest(a.asDriver(), b.asDriver()) {
          "\($0)\($1)"
        }
        let chain: Driver<Int> = a.asDriver()
          .map { $0 * 10 }
          .filter { $0 != 20 }
          .distinctUntilChanged()
          .startWith(0)
          .scan(0, accumulator: +)
        let latest: Signal<Int> = taps.asSignal().withLatestFrom(a.asDriver().asSignal())
        let switched: Driver<String> = a.asDriver().flatMapLatest { n in
          b.asDriver().map { "\(n):\($0)" }
        }
        let combinedRecorder = Recorder<String>()
        let chainRecorder = Recorder<Int>()
        let latestRecorder = Recorder<Int>()
        let switchedRecorder = Recorder<String>()
        let bag = DisposeBag()
        combined.drive(combinedRecorder).disposed(by: bag)
        chain.drive(chainRecorder).disposed(by: bag)
        latest.emit(to: latestRecorder).disposed(by: bag)
        switched.drive(switchedRecorder).disposed(by: bag)
        scheduler.advanceTo(10)
        a.accept(2)
        scheduler.advanceTo(20)
        b.accept("y")
        scheduler.advanceTo(30)
        a.accept(3)
        scheduler.advanceTo(40)
        taps.accept(())
        scheduler.advanceTo(50)
        #expect(combinedRecorder.elements == ["1x", "2x", "2y", "3y"])
        #expect(chainRecorder.elements == [0, 10, 40])  // 0, +10, (20 filtered), +30
        #expect(latestRecorder.elements == [3])
        #expect(switchedRecorder.elements == ["1:x", "2:x", "2:y", "3:y"])
      }
    }
  }

  @Test func zipMergeAndCollections() {
    expectNoLeaks {
      #expect(
        run { _ in
          Driver.zip(Driver.of(1, 2, 3), Driver.of("a", "b")) { "\($0)\($1)" }.asObservable()
        }.compactMap(\.element) == ["1a", "2b"])
      #expect(
        run { _ in Signal.merge([Signal.just(1), Signal.just(2)]).asObservable() }
          .compactMap(\.element).sorted() == [1, 2])
      #expect(
        run { _ in
          Driver.combineLatest([Driver.just(1), Driver.just(2)]) { $0.reduce(0, +) }.asObservable()
        }.compactMap(\.element) == [3])
    }
  }

  /// Every arity RxCocoa has, two to eight sequences, with a selector and into tuples.
  @Test func combineLatestAndZipOfUpToEightSequences() {
    expectNoLeaks {
      // Made inside `run`, so that they share on its virtual scheduler.
      func drivers() -> [Driver<Int>] { (1...8).map { Driver.of($0, 10 * $0) } }
      let zipped = run { _ -> Observable<Int> in
        let d = drivers()
        let sums: Driver<Int> = Driver.zip(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]) {
          [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +)
        }
        return sums.asObservable()
      }
      #expect(zipped.compactMap(\.element) == [36, 360])
      let firstAndFifth = run { _ -> Observable<Int> in
        let d = drivers()
        let tuples: Driver<(Int, Int, Int, Int, Int)> = Driver.zip(d[0], d[1], d[2], d[3], d[4])
        return tuples.map { $0.0 + $0.4 }.asObservable()
      }
      #expect(firstAndFifth.compactMap(\.element) == [6, 60])
      // However the sequences interleave, the last combination holds each one's last element.
      let latest = run { _ -> Observable<Int> in
        let d = drivers()
        let tuples: Driver<(Int, Int, Int, Int, Int, Int, Int, Int)> = Driver.combineLatest(
          d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7])
        return tuples.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7].reduce(0, +) }
          .asObservable()
      }
      #expect(latest.compactMap(\.element).last == 360)
      let product = run { _ -> Observable<Int> in
        let s = (1...6).map { Signal.just($0) }
        let products: Signal<Int> = Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) {
          [$0, $1, $2, $3, $4, $5].reduce(1, *)
        }
        return products.asObservable()
      }
      #expect(product.compactMap(\.element) == [720])
    }
  }

  @Test func driveToRelaysAndClosures() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      SharingScheduler.mock(scheduler: scheduler) {
        let source = PublishRelay<Int>()
        let plain = BehaviorRelay(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        let publish = PublishRelay<Int>()
        let published = Recorder<Int>()
        let completed = Locked(0)
        let bag = DisposeBag()
        publish.subscribe(published).disposed(by: bag)
        let driver = source.asSignal().asDriver()
        driver.drive(plain).disposed(by: bag)
        driver.drive(optional).disposed(by: bag)
        driver.drive(publish).disposed(by: bag)
        final class Owner {}
        let owner = Owner()
        let withOwner = Recorder<Int>()
        driver.drive(with: owner, onNext: { _, value in withOwner.on(.next(value)) })
          .disposed(by: bag)
        Driver.of(1).drive(onCompleted: { completed.withLock { $0 += 1 } }).disposed(by: bag)
        source.accept(5)
        scheduler.advanceTo(10)
        #expect(plain.value == 5)
        #expect(optional.value == 5)
        #expect(published.elements == [5])
        #expect(withOwner.elements == [5])
        #expect(completed.withLock { $0 } == 1)
      }
    }
  }
}

/// Driver, Signal and Binder on the real main thread. (The waits are event-driven and fail after
/// `localDeadline`; the time limit is the safety net for a hang anywhere else.)
@Suite(.timeLimit(.minutes(5))) struct MainThreadUITraitTests {
  /// Collects values on the main actor and lets a test await a count.
  @MainActor final class Collector<Value> {
    var values: [Value] = []
    var allOnMain = true
    private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func append(_ value: Value) {
      allOnMain = allOnMain && MainScheduler.isMainThread
      values.append(value)
      if let waiter, values.count >= waiter.count {
        self.waiter = nil
        waiter.continuation.resume()
      }
    }

    func wait(for count: Int) async {
      if values.count >= count { return }
      await withCheckedContinuation { waiter = (count, $0) }
    }
  }

  @Test @MainActor func driverDeliversBackgroundElementsOnTheMainThreadInOrder() async {
    let relay = PublishRelay<Int>()
    let collector = Collector<Int>()
    let subscription = relay.asSignal().asDriver().drive(onNext: { value in
      MainActor.assumeIsolated { collector.append(value) }
    })
    let producer = Task.detached {
      for i in 1...100 { relay.accept(i) }
    }
    await producer.value
    await collector.wait(for: 100)
    subscription.dispose()
    #expect(collector.values == Array(1...100))
    #expect(collector.allOnMain)
  }

  @Test @MainActor func signalDeliversBackgroundElementsOnTheMainThreadWithoutReplay() async {
    let relay = PublishRelay<Int>()
    let signal = relay.asSignal()
    let first = Collector<Int>()
    let late = Collector<Int>()
    let a = signal.emit(onNext: { value in MainActor.assumeIsolated { first.append(value) } })
    await Task.detached { for i in 1...50 { relay.accept(i) } }.value
    await first.wait(for: 50)
    let b = signal.emit(onNext: { value in MainActor.assumeIsolated { late.append(value) } })
    await Task.detached { relay.accept(51) }.value
    await late.wait(for: 1)
    await first.wait(for: 51)
    a.dispose()
    b.dispose()
    #expect(first.values == Array(1...51))
    #expect(late.values == [51])  // no replay of 50
    #expect(first.allOnMain && late.allOnMain)
  }

  @Test @MainActor func behaviorRelayDriverStartsWithTheCurrentValue() async {
    let relay = BehaviorRelay(value: "a")
    let collector = Collector<String>()
    let subscription = relay.asDriver().drive(onNext: { value in
      MainActor.assumeIsolated { collector.append(value) }
    })
    await collector.wait(for: 1)
    Task.detached { relay.accept("b") }
    await collector.wait(for: 2)
    subscription.dispose()
    #expect(collector.values == ["a", "b"])
    #expect(collector.allOnMain)
  }

  final class Label {
    var text = ""
    var updatesOnMain = true
  }

  @Test @MainActor func binderRunsOnTheMainThreadAndHoldsItsTargetWeakly() async {
    let collector = Collector<String>()
    var label: Label? = Label()
    weak let weakLabel = label
    let binder = Binder(label!) { label, text in
      label.updatesOnMain = label.updatesOnMain && MainScheduler.isMainThread
      label.text = text
      MainActor.assumeIsolated { collector.append(text) }
    }
    // A Binder is not Sendable; the test hands it to a background thread on purpose, to show
    // that the binding still runs on the main thread.
    let handOver = UncheckedBox(binder)
    Task.detached { handOver.value.onNext("from the background") }
    await collector.wait(for: 1)
    #expect(label?.text == "from the background")
    #expect(label?.updatesOnMain == true)
    binder.onCompleted()  // ignored
    binder.onNext("again")
    await collector.wait(for: 2)
    #expect(label?.text == "again")
    label = nil
    #expect(weakLabel == nil)  // the binder did not keep it alive
    binder.onNext("nobody")  // dropped silently
    binder.onNext("last")
    // Nothing to await for a dropped element; a second binder on the same scheduler shows that
    // queued work has run (the main scheduler keeps order).
    let probe = Label()
    Binder(probe) { _, text in MainActor.assumeIsolated { collector.append(text) } }
      .onNext("probe")
    await collector.wait(for: 3)
    #expect(collector.values == ["from the background", "again", "probe"])
  }

  @Test @MainActor func binderAsDriveTarget() async {
    let label = Label()
    let texts = Collector<String>()
    let names = BehaviorRelay(value: "Ada")
    let subscription = names.asDriver().map { "Hello, \($0)" }
      .drive(
        Binder(label) { label, text in
          label.text = text
          MainActor.assumeIsolated { texts.append(text) }
        })
    await texts.wait(for: 1)
    names.accept("Grace")
    await texts.wait(for: 2)
    subscription.dispose()
    #expect(texts.values == ["Hello, Ada", "Hello, Grace"])
    #expect(label.text == "Hello, Grace")
    #expect(texts.allOnMain)
  }
}

/// Carries a non-Sendable value to another thread in a test that checks thread hand-over.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
