import ReactiveTesting
import Testing

@testable import ReactiveCore

/// The RxCocoa operators of `SharedSequence`, written as RxCocoa code would be.
@Suite @MainActor struct SharedSequenceOperatorTests {
  final class Owner {}

  @Test func flatteningIntoAnotherStrategy() async {
    let bag = DisposeBag()
    let query = BehaviorRelay(value: 1)
    let taps = PublishRelay<Int>()
    // Driver -> Signal: the result is a Signal.
    let signal: Signal<Int> = query.asDriver().flatMapLatest { n in taps.asSignal().map { $0 * n } }
    var latest: [Int] = []
    signal.emit(onNext: { latest.append($0) }).disposed(by: bag)
    taps.accept(1)
    query.accept(10)
    taps.accept(2)
    #expect(latest == [1, 20])
    // `of` emits its first element at once and each next one on a later turn of the main queue
    // (a recursive schedule on the main scheduler, as in RxCocoa).
    let merged = Shared<[Int]>([])
    let all: Signal<Int> = Driver.of(1, 2).flatMap { n in Signal.just(n * 100) }
    all.emit(onNext: { value in merged.mutate { $0.append(value) } }).disposed(by: bag)
    #expect(merged.value == [100])
    #expect(await eventually { merged.read(\.count) == 2 })
    #expect(merged.value == [100, 200])
    let first = Shared<[Int]>([])
    let firsts: Signal<Int> = Driver.of(1, 2).flatMapFirst { n in Signal.just(n) }
    firsts.emit(onNext: { value in first.mutate { $0.append(value) } }).disposed(by: bag)
    #expect(await eventually { first.read(\.count) == 2 })
    #expect(first.value == [1, 2])
  }

  @Test func switchLatestMergeAndConcat() async {
    let bag = DisposeBag()
    let inner1 = PublishRelay<Int>()
    let inner2 = PublishRelay<Int>()
    let outer = PublishRelay<Signal<Int>>()
    var switched: [Int] = []
    var mergedAll: [Int] = []
    var mergedOne: [Int] = []
    outer.asSignal().switchLatest().emit(onNext: { switched.append($0) }).disposed(by: bag)
    outer.asSignal().merge().emit(onNext: { mergedAll.append($0) }).disposed(by: bag)
    outer.asSignal().merge(maxConcurrent: 1).emit(onNext: { mergedOne.append($0) })
      .disposed(by: bag)
    outer.accept(inner1.asSignal())
    inner1.accept(1)
    outer.accept(inner2.asSignal())
    inner1.accept(2)
    inner2.accept(3)
    #expect(switched == [1, 3])
    #expect(mergedAll == [1, 2, 3])
    #expect(mergedOne == [1, 2])  // the second inner waits for the first to complete
    let concatenated = Shared<[Int]>([])
    Driver.concat([Driver.of(1, 2), Driver.just(3)])
      .drive(onNext: { value in concatenated.mutate { $0.append(value) } }).disposed(by: bag)
    #expect(await eventually { concatenated.read(\.count) == 3 })
    Driver.concat(AnySequence([Driver.just(4)]))
      .drive(onNext: { value in concatenated.mutate { $0.append(value) } }).disposed(by: bag)
    #expect(concatenated.value == [1, 2, 3, 4])
  }

  @Test func skipWithUnretainedFromAndInfallible() async {
    let bag = DisposeBag()
    let skipped = Shared<[Int]>([])
    Driver.from(1...4).skip(2).drive(onNext: { value in skipped.mutate { $0.append(value) } })
      .disposed(by: bag)
    #expect(await eventually { skipped.read(\.count) == 2 })
    #expect(skipped.value == [3, 4])
    let owner = Owner()
    var pairs: [String] = []
    Driver.just(7).withUnretained(owner).drive(onNext: { object, value in
      pairs.append("\(object === owner) \(value)")
    }).disposed(by: bag)
    Signal.just(8).withUnretained(owner) { _, value in value + 1 }
      .emit(onNext: { pairs.append("\($0)") }).disposed(by: bag)
    #expect(pairs == ["true 7", "9"])
    var infallible: [Int] = []
    Driver.just(5).asInfallible().subscribe(onNext: { infallible.append($0) }).disposed(by: bag)
    #expect(infallible == [5])
    var debugged: [Int] = []
    Driver.just(6).debug("test").drive(onNext: { debugged.append($0) }).disposed(by: bag)
    #expect(debugged == [6])
  }

  @Test func createUnsafeWrapsTheSourceAsItIs() {
    let subscriptions = Shared(0)
    let source = Observable<Int>.deferred {
      subscriptions.mutate { $0 += 1 }
      return .just(1)
    }
    let driver = Driver<Int>.createUnsafe(source: source)
    let bag = DisposeBag()
    var seen: [Int] = []
    driver.drive(onNext: { seen.append($0) }).disposed(by: bag)
    driver.drive(onNext: { seen.append($0) }).disposed(by: bag)
    #expect(seen == [1, 1])
    #expect(subscriptions.value == 2)  // not shared: the caller promised it is harmless
  }

  @Test nonisolated func intervalAndTimerRunOnTheSharingScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
      let ticks = scheduler.start(disposed: 450) {
        Driver<Int>.interval(.seconds(100)).asObservable()
      }
      #expect(ticks.events.map(\.value) == [.next(0), .next(1)])
      #expect(ticks.events.map(\.time) == [300, 400])
    }
    let other = TestScheduler(initialClock: 0)
    var made = 0
    SharingScheduler.mock(makeScheduler: {
      made += 1
      return other
    }) {
      let timer = other.start(disposed: 500) {
        Signal<Int>.timer(.seconds(50), period: .seconds(100)).asObservable()
      }
      #expect(timer.events.map(\.time) == [250, 350, 450])
    }
    #expect(made >= 1)
    #expect(SharingScheduler.make() is MainScheduler)
  }
}
