import ReactiveTesting
import Testing

@testable import ReactiveCore

/// RxSwift operators ported by changing imports: reduce, takeLast, enumerated, single, ifEmpty,
/// withUnretained, from(optional:), merge of a collection, deferred with a throwing factory,
/// trait zip/concat and the trait scheduling operators. Virtual time; each also checks that the
/// source subscription ends when RxSwift's does and that nothing leaks.
@Suite struct RxSwiftCompletenessTests {
  func run<Element>(
    _ events: [Recorded<Event<Int>>], _ make: @escaping (Observable<Int>) -> Observable<Element>
  ) -> (events: [Recorded<Event<Element>>], subscriptions: [Subscription]) {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(events)
      let res = scheduler.start { make(xs.asObservable()) }
      return (res.events, xs.subscriptions)
    }
  }

  @Test func reduceEmitsTheFoldOnCompletion() {
    let (events, subscriptions) = run([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)]) {
      $0.reduce(10, accumulator: +, mapResult: { "\($0)" })
    }
    #expect(events == [.next(250, "16"), .completed(250)])
    #expect(subscriptions == [Subscription(200, 250)])
    #expect(run([.completed(250)]) { $0.reduce(7, accumulator: +) }.events == [.next(250, 7), .completed(250)])
    struct Boom: Error, Equatable {}
    #expect(
      run([.next(210, 1), .completed(250)]) { $0.reduce(0, accumulator: { _, _ in throw Boom() }) }.events
        == [.error(210, Boom())])
  }

  @Test func takeLastBuffersTheTail() {
    let (events, subscriptions) = run([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)]) {
      $0.takeLast(2)
    }
    #expect(events == [.next(250, 2), .next(250, 3), .completed(250)])
    #expect(subscriptions == [Subscription(200, 250)])
    #expect(run([.next(210, 1), .completed(250)]) { $0.takeLast(0) }.events == [.completed(250)])
    #expect(run([.next(210, 1), .error(240, TestError(id: 1))]) { $0.takeLast(5) }.events == [.error(240, TestError(id: 1))])
  }

  @Test func enumeratedCountsFromZero() {
    let (events, _) = run([.next(210, 5), .next(220, 6), .completed(250)]) {
      $0.enumerated().map { "\($0.index):\($0.element)" }
    }
    #expect(events == [.next(210, "0:5"), .next(220, "1:6"), .completed(250)])
  }

  @Test func singleWantsExactlyOne() {
    #expect(run([.next(210, 1), .completed(250)]) { $0.single() }.events == [.next(210, 1), .completed(250)])
    #expect(run([.completed(250)]) { $0.single() }.events == [.error(250, RxError.noElements)])
    let (events, subscriptions) = run([.next(210, 1), .next(220, 2), .completed(250)]) { $0.single() }
    #expect(events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
    #expect(subscriptions == [Subscription(200, 220)])
    #expect(
      run([.next(210, 1), .next(220, 2), .completed(250)]) { $0.single { $0 == 2 } }.events
        == [.next(220, 2), .completed(250)])
  }

  @Test func ifEmptyFallsBack() {
    #expect(run([.completed(250)]) { $0.ifEmpty(default: 9) }.events == [.next(250, 9), .completed(250)])
    #expect(run([.next(210, 1), .completed(250)]) { $0.ifEmpty(default: 9) }.events == [.next(210, 1), .completed(250)])
    #expect(
      run([.completed(250)]) { $0.ifEmpty(switchTo: .of(7, 8)) }.events
        == [.next(250, 7), .next(250, 8), .completed(250)])
    #expect(run([.error(250, TestError(id: 2))]) { $0.ifEmpty(default: 9) }.events == [.error(250, TestError(id: 2))])
  }

  @Test func withUnretainedCompletesOnceTheObjectIsGone() {
    final class Owner { let name = "owner" }
    expectNoLeaks {
      var owner: Owner? = Owner()
      let relay = PublishRelay<Int>()
      let recorder = Recorder<String>()
      let subscription = relay.withUnretained(owner!).map { "\($0.name) \($1)" }.subscribe(recorder)
      relay.accept(1)
      owner = nil
      relay.accept(2)
      #expect(recorder.events == [.next("owner 1"), .completed])
      #expect(!relay.hasObservers)
      subscription.dispose()
    }
  }

  @Test func creationFromOptionalsCollectionsAndThrowingFactories() {
    #expect(events(of: Observable.from(optional: 3)) == [.next(3), .completed])
    #expect(events(of: Observable<Int>.from(optional: nil)) == [.completed])
    let scheduler = TestScheduler(initialClock: 0)
    let scheduled = scheduler.start { Observable.from(optional: 4, scheduler: scheduler) }
    #expect(scheduled.events == [.next(201, 4), .completed(202)])
    let merged = Observable.merge(ArraySlice([Observable.just(1), Observable.just(2)]))
    #expect(events(of: merged) == [.next(1), .next(2), .completed])
    struct Denied: Error, Equatable {}
    let denied = Observable<Int>.deferred { throw Denied() }
    #expect(events(of: denied) == [.error(Denied())])
    let never = Observable<Int>.deferred { .never() }  // infers Observable<Int> from `.never()`
    #expect(events(of: never) == [])
  }
}

/// The events an observable delivers synchronously while subscribed (then disposed).
func events<Element>(of observable: Observable<Element>) -> [Event<Element>] {
  let recorder = Recorder<Element>()
  observable.subscribe(recorder).dispose()
  return recorder.events
}

@Suite struct TraitCompletenessTests {
  @Test func singleZipWaitsForBothAndFailsFast() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = Single.just(1).delay(.seconds(10), scheduler: scheduler)
      let b = Single.just("b").delay(.seconds(20), scheduler: scheduler)
      let res = scheduler.start { Single.zip(a, b) { "\($0)\($1)" }.asObservable() }
      #expect(res.events == [.next(220, "1b"), .completed(220)])
      let failing = Single<Int>.error(TestError(id: 3))
      let second = TestScheduler(initialClock: 0)
      let slowA = Single.just(1).delay(.seconds(10), scheduler: second)
      let res2 = second.start { Single.zip(slowA, failing).asObservable().map { $0.0 + $0.1 } }
      #expect(res2.events == [.error(200, TestError(id: 3))])  // at once: the other is dropped
      #expect(events(of: Single.zip([Single.just(1), Single.just(2)]).asObservable()) == [.next([1, 2]), .completed])
    }
  }

  @Test func maybeZipIsEmptyWhenOneIsEmpty() {
    let empty = events(of: Maybe.zip(Maybe.just(1), Maybe<Int>.empty()).asObservable().map { $0.0 })
    #expect(empty == [.completed])
    let both = events(of: Maybe.zip(Maybe.just(1), Maybe.just(2)) { $0 + $1 }.asObservable())
    #expect(both == [.next(3), .completed])
  }

  @Test func completableZipAndConcat() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let slow = Completable.empty().delay(.seconds(30), scheduler: scheduler)
      let fast = Completable.empty().delay(.seconds(10), scheduler: scheduler)
      let zipped = scheduler.start { Completable.zip(slow, fast).asObservable() }
      #expect(zipped.events == [.completed(230)])
      let second = TestScheduler(initialClock: 0)
      let slow2 = Completable.empty().delay(.seconds(30), scheduler: second)
      let fast2 = Completable.empty().delay(.seconds(10), scheduler: second)
      let concatenated = second.start { Completable.concat(slow2, fast2).asObservable() }
      #expect(concatenated.events == [.completed(240)])
    }
  }

  @Test func traitTimeoutRetryAndScheduling() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let late = Single.just(1).delay(.seconds(50), scheduler: scheduler)
      let timedOut = scheduler.start { late.timeout(.seconds(10), scheduler: scheduler).asObservable() }
      #expect(timedOut.events == [.error(210, RxError.timeout)])
      let second = TestScheduler(initialClock: 0)
      let late2 = Single.just(1).delay(.seconds(50), scheduler: second)
      let switched = second.start {
        late2.timeout(.seconds(10), other: .just(2), scheduler: second).asObservable()
      }
      #expect(switched.events == [.next(210, 2), .completed(210)])
      var attempts = 0
      let flaky = Single<Int>.deferred {
        attempts += 1
        return attempts < 3 ? .error(TestError(id: attempts)) : .just(attempts)
      }
      #expect(events(of: flaky.retry(3).asObservable()) == [.next(3), .completed])
      let third = TestScheduler(initialClock: 0)
      let observed = third.start { Single.just(5).observe(on: third).asObservable() }
      #expect(observed.events == [.next(201, 5), .completed(201)])
      let mapped = events(of: Single.just(4).compactMap { $0 > 3 ? "big" : nil }.asObservable())
      #expect(mapped == [.next("big"), .completed])
      #expect(events(of: Maybe<Int>.empty().ifEmpty(default: 1).asObservable()) == [.next(1), .completed])
    }
  }
}
