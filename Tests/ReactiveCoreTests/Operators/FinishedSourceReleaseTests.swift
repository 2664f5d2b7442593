import ReactiveTesting
import Testing

@testable import ReactiveCore

/// RxSwift's rules for the multi-source operators: a source (or inner) that terminates is
/// disposed at that moment, not when the whole result ends; `combineLatest` and `zip` complete
/// exactly when RxSwift's do. Times follow RxTest (subscribe at 200, dispose at 1000).
@Suite struct FinishedSourceReleaseTests {
  @Test func combineLatestReleasesACompletedSourceAtOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let b = scheduler.createHotObservable([.next(215, 2), .completed(300)])
      let res = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
      #expect(res.events == [.next(215, 3), .completed(300)])
      #expect(a.subscriptions == [Subscription(200, 220)])
      #expect(b.subscriptions == [Subscription(200, 300)])
    }
  }

  @Test func combineLatestOfACollectionReleasesACompletedSourceAtOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let b = scheduler.createHotObservable([.next(215, 2), .completed(300)])
      let c = scheduler.createHotObservable([.next(212, 3), .completed(250)])
      let res = scheduler.start { Observable.combineLatest([a, b, c]) { $0.reduce(0, +) } }
      #expect(res.events == [.next(215, 6), .completed(300)])
      #expect(a.subscriptions == [Subscription(200, 220)])
      #expect(b.subscriptions == [Subscription(200, 300)])
      #expect(c.subscriptions == [Subscription(200, 250)])
    }
  }

  /// RxSwift: `combineLatest(empty, never)` sends nothing (the empty source is released).
  @Test func combineLatestDoesNotCompleteWhenASourceCompletesWithoutAValue() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let e = scheduler.createHotObservable([.next(150, 1), .completed(210)])
      let n = scheduler.createHotObservable([.next(150, 1)])
      let res = scheduler.start { Observable.combineLatest(e, n) { $0 + $1 } }
      #expect(res.events == [])
      #expect(e.subscriptions == [Subscription(200, 210)])
      #expect(n.subscriptions == [Subscription(200, 1000)])
    }
  }

  /// RxSwift: once every other source completed, an element that still cannot be combined
  /// completes the result (2 sources and a collection of 3).
  @Test func combineLatestCompletesWhenTheLastRunningSourceEmitsUncombinable() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let e = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
      let o = scheduler.createHotObservable([.next(215, 2), .next(225, 3), .completed(300)])
      let res = scheduler.start { Observable.combineLatest(e, o) { $0 + $1 } }
      #expect(res.events == [.completed(215)])
      #expect(e.subscriptions == [Subscription(200, 210)])
      #expect(o.subscriptions == [Subscription(200, 215)])
    }
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let e = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
      let d = scheduler.createHotObservable([.next(212, 1), .completed(220)])
      let o = scheduler.createHotObservable([.next(215, 2), .next(225, 3), .completed(300)])
      let res = scheduler.start { Observable.combineLatest([e, d, o]) { $0.reduce(0, +) } }
      #expect(res.events == [.completed(225)])
      #expect(d.subscriptions == [Subscription(200, 220)])
      #expect(o.subscriptions == [Subscription(200, 225)])
    }
  }

  @Test func zipReleasesACompletedSourceAtOnceAndWaitsForEveryCompletion() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let e = scheduler.createHotObservable([.next(150, 1), .completed(210)])
      let o = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
      let res = scheduler.start { Observable.zip(e, o) { $0 + $1 } }
      // RxSwift's 2…8 forms complete only when every source completed.
      #expect(res.events == [.completed(220)])
      #expect(e.subscriptions == [Subscription(200, 210)])
      #expect(o.subscriptions == [Subscription(200, 220)])
    }
  }

  /// RxSwift's collection form completes when the last running source emits an element that can
  /// never be paired.
  @Test func zipOfACollectionCompletesWhenNoFurtherTupleCanBeFormed() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let b = scheduler.createHotObservable([.next(215, 2), .next(230, 3), .completed(300)])
      let res = scheduler.start { Observable.zip([a, b]) { $0.reduce(0, +) } }
      #expect(res.events == [.next(215, 3), .completed(230)])
      #expect(a.subscriptions == [Subscription(200, 220)])
      #expect(b.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test func mergeReleasesTheOuterAndEachInnerWhenTheyComplete() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createHotObservable([.next(210, 1), .completed(230)])
      let y = scheduler.createHotObservable([.next(220, 2), .completed(300)])
      let outer = scheduler.createHotObservable([
        .next(205, x.asObservable()), .next(206, y.asObservable()), .completed(240),
      ])
      let res = scheduler.start { outer.merge() }
      #expect(res.events == [.next(210, 1), .next(220, 2), .completed(300)])
      #expect(outer.subscriptions == [Subscription(200, 240)])
      #expect(x.subscriptions == [Subscription(205, 230)])
      #expect(y.subscriptions == [Subscription(206, 300)])
    }
  }

  @Test func mergeWithMaxConcurrentAndConcatMapReleaseFinishedSources() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let outer = scheduler.createHotObservable([.next(205, 0), .next(210, 1), .completed(215)])
      let res = scheduler.start { outer.concatMap { _ in x.asObservable() } }
      #expect(res.events == [.next(215, 1), .next(235, 1), .completed(245)])
      #expect(outer.subscriptions == [Subscription(200, 215)])
      #expect(x.subscriptions == [Subscription(205, 225), Subscription(225, 245)])
    }
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let outer = scheduler.createHotObservable([
        .next(205, x.asObservable()), .next(210, x.asObservable()), .completed(215),
      ])
      let res = scheduler.start { outer.merge(maxConcurrent: 1) }
      #expect(res.events == [.next(215, 1), .next(235, 1), .completed(245)])
      #expect(outer.subscriptions == [Subscription(200, 215)])
      #expect(x.subscriptions == [Subscription(205, 225), Subscription(225, 245)])
    }
  }

  @Test func flatMapAndFlatMapFirstReleaseFinishedInnersAndTheOuter() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let outer = scheduler.createHotObservable([.next(205, 0), .completed(210)])
      let res = scheduler.start { outer.flatMap { _ in x.asObservable() } }
      #expect(res.events == [.next(215, 1), .completed(225)])
      #expect(outer.subscriptions == [Subscription(200, 210)])
      #expect(x.subscriptions == [Subscription(205, 225)])
    }
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let outer = scheduler.createHotObservable([.next(205, 0), .next(230, 1), .completed(300)])
      let res = scheduler.start { outer.flatMapFirst { _ in x.asObservable() } }
      #expect(res.events == [.next(215, 1), .next(240, 1), .completed(300)])
      #expect(outer.subscriptions == [Subscription(200, 300)])
      #expect(x.subscriptions == [Subscription(205, 225), Subscription(230, 250)])
    }
  }

  @Test func switchLatestReleasesAFinishedInnerAndTheFinishedOuterAtOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let y = scheduler.createHotObservable([.next(250, 2), .completed(300)])
      let outer = scheduler.createHotObservable([
        .next(205, x.asObservable()), .next(230, y.asObservable()), .completed(240),
      ])
      let res = scheduler.start { outer.switchLatest() }
      #expect(res.events == [.next(210, 1), .next(250, 2), .completed(300)])
      #expect(outer.subscriptions == [Subscription(200, 240)])
      #expect(x.subscriptions == [Subscription(205, 220)])
      #expect(y.subscriptions == [Subscription(230, 300)])
    }
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let x = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let outer = scheduler.createHotObservable([.next(205, 0), .completed(300)])
      let res = scheduler.start { outer.flatMapLatest { _ in x.asObservable() } }
      #expect(res.events == [.next(215, 1), .completed(300)])
      #expect(x.subscriptions == [Subscription(205, 225)])
    }
  }

  /// RxSwift: `second`'s completion disposes it, and its last element stays in use.
  @Test func withLatestFromReleasesTheCompletedSecondAndKeepsItsValue() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createHotObservable([.next(230, 1), .completed(300)])
      let second = scheduler.createHotObservable([.next(210, 10), .completed(220)])
      let res = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
      #expect(res.events == [.next(230, 11), .completed(300)])
      #expect(first.subscriptions == [Subscription(200, 300)])
      #expect(second.subscriptions == [Subscription(200, 220)])
    }
  }

  /// The operators release a terminated source themselves, even one whose subscription does not
  /// end by itself at its terminal event (a raw `Observable`, unlike `Observable.create`).
  @Test func everyOperatorDisposesARawSourceWhenItTerminates() {
    func check(_ name: String, _ build: (Observable<Int>, Observable<Int>) -> Observable<Int>) {
      let finishing = PublishSubject<Int>()
      let running = PublishSubject<Int>()
      let released = BooleanDisposable()
      let raw = Observable<Int>(subscribeHandler: { observer in
        let inner = finishing.subscribe(observer)
        return Disposables.create {
          inner.dispose()
          released.dispose()
        }
      })
      let subscription = build(raw, running.asObservable()).subscribe { _ in }
      finishing.onNext(1)
      running.onNext(2)
      finishing.onCompleted()
      #expect(released.isDisposed, "\(name) keeps its finished source")
      #expect(running.hasObservers, "\(name) ended early")
      subscription.dispose()
    }
    check("combineLatest") { Observable.combineLatest($0, $1, resultSelector: +) }
    check("combineLatest(collection)") { Observable.combineLatest([$0, $1]) { $0[0] } }
    check("zip") { Observable.zip($0, $1, resultSelector: +) }
    check("zip(collection)") { Observable.zip([$0, $1]) { $0[0] } }
    check("withLatestFrom") { $1.withLatestFrom($0) }
    check("merge inner") { Observable.merge($0, $1) }
    check("merge outer") { raw, running in raw.flatMap { _ in running } }
    check("concatMap outer") { raw, running in raw.concatMap { _ in running } }
    check("flatMapLatest outer") { raw, running in raw.flatMapLatest { _ in running } }
    check("flatMapFirst outer") { raw, running in raw.flatMapFirst { _ in running } }
    check("flatMapLatest inner") { raw, running in running.flatMapLatest { _ in raw } }
    check("flatMapFirst inner") { raw, running in running.flatMapFirst { _ in raw } }
  }
}
