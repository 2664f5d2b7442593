import ReactiveCore
import ReactiveTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// RxSwift 6 API, written as RxSwift code writes it: this file compiling is
/// the check that each call ports by changing imports; the expectations check a result each.
@Suite struct RxSwiftPortingTests {
  final class Owner {}
  struct Item: Decodable, Equatable { let id: Int }

  func values<T>(_ source: Observable<T>) -> [T] {
    let recorder = Recorder<T>()
    _ = source.subscribe(recorder)
    return recorder.elements
  }

  @Test func observableOperatorsPortUnchanged() {
    expectNoLeaks {
      let xs = Observable.of(1, 2, 3)
      let owner = Owner()
      #expect(values(xs.groupBy(keySelector: { $0 % 2 }).flatMap { $0 }) == [1, 2, 3])
      #expect(values(Observable<Int>.empty().ifEmpty(default: 9)) == [9])
      #expect(values(Observable<Int>.empty().ifEmpty(switchTo: .just(8))) == [8])
      #expect(values(xs.reduce(0, accumulator: +)) == [6])
      #expect(values(xs.reduce(0, accumulator: +, mapResult: { $0 * 2 })) == [12])
      #expect(values(xs.amb(Observable.never())) == [1, 2, 3])
      #expect(values(Observable.amb([xs, .never()])) == [1, 2, 3])
      #expect(values(xs.takeLast(2)) == [2, 3])
      #expect(values(Observable.just(1).single()) == [1])
      #expect(values(xs.single { $0 == 2 }) == [2])
      #expect(values(xs.enumerated().map(\.index)) == [0, 1, 2])
      #expect(
        values(Observable.catch(sequence: [Observable<Int>.error(TestError()), xs])) == [1, 2, 3])
      #expect(
        values(Observable.using({ CompositeDisposable() }, observableFactory: { _ in xs })) == [
          1, 2, 3,
        ])
      #expect(values(xs.withUnretained(owner).map { $0.1 }) == [1, 2, 3])
      #expect(values(xs.withUnretained(owner) { _, value in value * 2 }) == [2, 4, 6])
      #expect(values(xs.debug("porting", trimOutput: true)) == [1, 2, 3])
      #expect(
        values(
          Observable.just(Data(#"{"id":1}"#.utf8)).decode(type: Item.self, decoder: JSONDecoder()))
          == [Item(id: 1)])
      #expect(values(Observable.from(optional: Optional(1))) == [1])
      #expect(
        values(Observable.from(optional: 2, scheduler: CurrentThreadScheduler.instance)) == [2])
      #expect(
        values(Observable.merge(Set([1, 2]).map { Observable.just($0) })).sorted() == [1, 2])
      #expect(
        values(
          Observable.generate(
            initialState: 0, condition: { $0 < 3 }, scheduler: CurrentThreadScheduler.instance,
            iterate: { $0 + 1 })) == [0, 1, 2])
      #expect(
        values(Observable.repeatElement(1, scheduler: CurrentThreadScheduler.instance).take(2)) == [
          1, 1,
        ])
      #expect(values(Observable<Int>.deferred { throw TestError() }.catchAndReturn(5)) == [5])
      #expect(
        values(xs.multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 * 10 } })) == [
          10, 20, 30,
        ])
      withExtendedLifetime(owner) {}
    }
  }

  @Test func traitsDisposablesAndSchedulersPortUnchanged() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let single = Single.just(1)
        .timeout(.seconds(5), scheduler: scheduler)
        .retry(2)
        .retry(when: { (errors: Observable<any Error>) in errors })
        .delay(.seconds(1), scheduler: scheduler)
        .delaySubscription(.seconds(1), scheduler: scheduler)
        .observe(on: scheduler)
        .subscribe(on: scheduler)
        .compactMap { $0 }
        .debug()
      var events: [MaybeEvent<Int>] = []
      _ = single.subscribe { events.append($0) }
      _ = Maybe<Int>.just(3, scheduler: scheduler).ifEmpty(default: 0).subscribe(
        onSuccess: { events.append(.success($0)) }, onFailure: { events.append(.error($0)) })
      _ = Single<Int>.timer(.seconds(3), scheduler: scheduler).asMaybe().subscribe {
        events.append($0)
      }
      _ = Completable.concat(Completable.empty(), .empty())
        .subscribe(onCompleted: { events.append(.completed) })
      _ = Completable.zip(Completable.empty(), .empty())
        .subscribe(onCompleted: { events.append(.completed) })
      scheduler.start()
      #expect(events.contains(.success(1)) && events.contains(.success(3)))
      #expect(events.contains(.success(0)))  // the timer's value
      #expect(events.filter { $0 == .completed }.count == 2)

      let bag = DisposeBag()
      bag.insert([Disposables.create(), Disposables.create()])
      bag.insert { Disposables.create() }
      let built = DisposeBag { Disposables.create() }
      let refCounted = RefCountDisposable(disposable: Disposables.create())
      let retained = refCounted.retain()
      refCounted.dispose()
      retained.dispose()
      #expect(refCounted.isDisposed)
      let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: Disposables.create())
      scheduled.dispose()
      scheduler.start()
      #expect(scheduled.isDisposed)
      withExtendedLifetime(built) {}

      let relay = BehaviorRelay<Int?>(value: nil)
      let binding = Observable.just(4).bind(to: relay)
      #expect(relay.value == 4)
      binding.dispose()

      let historical = HistoricalScheduler()
      let virtual = VirtualTimeScheduler(
        initialClock: Date(timeIntervalSince1970: 0), converter: HistoricalSchedulerTimeConverter())
      var ticks = 0
      let count = { (_: Int) in ticks += 1 }
      _ = Observable<Int>.timer(.seconds(1), scheduler: historical).subscribe(onNext: count)
      _ = Observable<Int>.timer(.seconds(1), scheduler: virtual).subscribe(onNext: count)
      historical.start()
      virtual.start()
      #expect(ticks == 2)
    }
  }
}
