import ReactiveCore
import ReactiveTesting
import Testing

/// Behaviour RxSwift 6 code and its RxTest tests rely on, written as RxSwift code writes it (only
/// the imports differ): virtual-time steps of `delay` and `observe(on:)`, where `subscribe(on:)`
/// disposes, when `merge` subscribes its sources, and subject identity.
@Suite struct RxSwiftBehaviourTests {
  // MARK: merge subscribes every source before `subscribe` returns

  @Test func mergeDeliversAnElementSentFromOnSubscribed() {
    let s = PublishSubject<Int>()
    var received: [Int] = []
    _ = Observable.merge([s.asObservable(), .never()])
      .do(onSubscribed: { s.onNext(1) })
      .take(1)
      .subscribe(onNext: { received.append($0) })
    #expect(received == [1])
  }

  @Test func mergeSubscribesItsSourcesInsideACurrentThreadSchedulerAction() {
    let s = PublishSubject<Int>()
    var received: [Int] = []
    var subscribedBeforeReturn = false
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      let disposable = Observable.merge(s.asObservable(), .never())
        .subscribe(onNext: { received.append($0) })
      subscribedBeforeReturn = s.hasObservers
      s.onNext(7)
      return disposable
    }
    #expect(subscribedBeforeReturn)
    #expect(received == [7])
  }

  // MARK: virtual time: one scheduled step per event

  @Test func delayDeliversTheCompletionOneStepAfterTheElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.just(1).delay(.seconds(2), scheduler: scheduler) }
    #expect(res.events == [.next(202, 1), .completed(203)])
  }

  @Test func delayGivesSimultaneousElementsASchedulerStepEach() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(210, 2), .next(230, 3), .completed(230),
    ])
    let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
    #expect(res.events == [.next(220, 1), .next(221, 2), .next(240, 3), .completed(241)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test func delayStillForwardsAnErrorAtOnce() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .error(215, TestError())])
    let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
    #expect(res.events == [.error(215, TestError())])
  }

  @Test func observeOnDeliversEachEventInItsOwnStep() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Observable.just(1).observe(on: scheduler) }
    #expect(res.events == [.next(201, 1), .completed(202)])
  }

  @Test func observeOnKeepsLaterEventsInOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(210, 2), .next(220, 3), .completed(230),
    ])
    let res = scheduler.start { xs.observe(on: scheduler) }
    #expect(res.events == [.next(211, 1), .next(212, 2), .next(221, 3), .completed(231)])
  }

  @Test func observeOnAnImmediateSchedulerDeliversAReentrantFeedbackLoop() {
    let count = 5_000
    let subject = PublishSubject<Int>()
    var received = 0
    let subscription = subject.observe(on: ImmediateScheduler.instance)
      .subscribe(onNext: { value in
        received += 1
        if value < count { subject.onNext(value + 1) }
      })
    subject.onNext(1)
    subscription.dispose()
    #expect(received == count)
  }

  @Test func singleAndMaybeDelayTakeTheObservableSteps() {
    let scheduler = TestScheduler(initialClock: 0)
    let single = scheduler.start {
      Single.just(1).delay(.seconds(2), scheduler: scheduler).asObservable()
    }
    #expect(single.events == [.next(202, 1), .completed(203)])
    let maybe = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
      Maybe.just(1).delay(.seconds(2), scheduler: scheduler).asObservable()
    }
    #expect(maybe.events == [.next(1102, 1), .completed(1103)])
  }

  @Test func singleObserveOnTakesTheObservableSteps() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single.just(1).observe(on: scheduler).asObservable() }
    #expect(res.events == [.next(201, 1), .completed(202)])
  }

  // MARK: subscribe(on:) disposes the source on the scheduler

  @Test func subscribeOnDisposesACompletedSourceOnTheScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
    let res = scheduler.start { xs.subscribe(on: scheduler) }
    #expect(res.events == [.completed(300)])
    #expect(xs.subscriptions == [Subscription(201, 301)])
  }

  @Test func subscribeOnDisposesAFailedSourceOnTheScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(300, TestError())])
    let res = scheduler.start { xs.subscribe(on: scheduler) }
    #expect(res.events == [.error(300, TestError())])
    #expect(xs.subscriptions == [Subscription(201, 301)])
  }

  @Test func subscribeOnDisposesOnTheSchedulerWhenDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    var scheduled = 0
    var disposed = 0
    let xs: Observable<Int> = Observable.create { _ in
      scheduled = scheduler.clock
      return Disposables.create { disposed = scheduler.clock }
    }
    let res = scheduler.start { xs.subscribe(on: scheduler) }
    #expect(res.events == [])
    #expect(scheduled == 201)
    #expect(disposed == 1001)
  }

  // MARK: a subject is its own observable

  @Test func subjectAsObservableIsTheSameObjectEachTime() {
    let publish = PublishSubject<Int>()
    let behavior = BehaviorSubject(value: 0)
    let replay = ReplaySubject<Int>.create(bufferSize: 1)
    let async = AsyncSubject<Int>()
    #expect(publish.asObservable() === publish.asObservable())
    #expect(behavior.asObservable() === behavior.asObservable())
    #expect(replay.asObservable() === replay.asObservable())
    #expect(async.asObservable() === async.asObservable())
  }

  /// RxSwift's subjects and `ConnectableObservable` are subclasses of `Observable`: code that
  /// takes an `Observable` takes them as they are.
  @Test func subjectsAndConnectableObservablesAreObservables() {
    func watch(_ observable: Observable<Int>) -> [Int] {
      var seen: [Int] = []
      _ = observable.subscribe(onNext: { seen.append($0) })
      return seen
    }
    let behavior = BehaviorSubject(value: 1)
    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    replay.onNext(2)
    replay.onNext(3)
    let async = AsyncSubject<Int>()
    async.onNext(4)
    async.onCompleted()
    let publish = PublishSubject<Int>()
    let connectable = Observable.of(5, 6).publish()
    var published: [Int] = []
    _ = connectable.subscribe(onNext: { published.append($0) })
    #expect(watch(behavior) == [1])
    #expect(watch(replay) == [2, 3])
    #expect(watch(async) == [4])
    #expect(watch(publish) == [])
    _ = connectable.connect()
    #expect(published == [5, 6])
    let observables: [Observable<Int>] = [behavior, replay, async, publish, connectable]
    #expect(observables.allSatisfy { $0 === $0.asObservable() })
    // A subject passed on as an `Observable` is still the subject.
    let asObservable: Observable<Int> = publish
    #expect((asObservable as? PublishSubject<Int>) === publish)
  }

  /// A relay's `asObservable()` makes a new observable per call (see README, "What still
  /// differs"); every one of them reaches the same relay.
  @Test func everyObservableOfARelayDeliversItsElements() {
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    var received: [Int] = []
    let subscription = Observable.merge(
      publish.asObservable(), behavior.asObservable(), replay.asObservable(),
      publish.asObservable()
    ).subscribe(onNext: { received.append($0) })
    publish.accept(1)
    behavior.accept(2)
    replay.accept(3)
    subscription.dispose()
    #expect(received == [0, 1, 1, 2, 3])
  }
}
