import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TraitZipTests {
  @Test func singleZipWaitsForEveryValue() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let b = scheduler.createHotObservable([.next(230, "x"), .completed(230)])
      let res = scheduler.start {
        Single.zip(a.asSingle(), b.asSingle()) { "\($0)\($1)" }
      }
      #expect(res.events == [.next(230, "1x"), .completed(230)])
      #expect(b.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test func singleZipFailsWithTheFirstErrorAndReleasesTheOthers() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.error(220, TestError(id: 1), Int.self)])
      let b = scheduler.createHotObservable([.next(230, 2), .completed(230)])
      let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()).map { $0 + $1 } }
      #expect(res.events == [.error(220, TestError(id: 1))])
      #expect(a.subscriptions == [Subscription(200, 220)])
      #expect(b.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func singleZipArities() {
    expectNoLeaks {
      var results: [String] = []
      _ = Single.zip(Single.just(1), .just(2), .just(3)).subscribe(onSuccess: {
        results.append("\($0.0)\($0.1)\($0.2)")
      })
      _ = Single.zip(Single.just(1), .just(2), .just(3), .just(4)) { "\($0 + $1 + $2 + $3)" }
        .subscribe(onSuccess: { results.append($0) })
      _ = Single.zip([Single.just(1), .just(2)]).subscribe(onSuccess: { results.append("\($0)") })
      _ = Single<Int>.zip([Single<Int>]()).subscribe(onSuccess: { results.append("\($0)") })
      _ = Single.zip([Single.just(1), .just(2)]) { $0.reduce(0, +) }
        .subscribe(onSuccess: { results.append("\($0)") })
      #expect(results == ["123", "10", "[1, 2]", "[]", "3"])
    }
  }

  @Test func maybeZipPairsValues() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let b = scheduler.createHotObservable([.next(240, 10), .completed(240)])
      let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe(), resultSelector: +) }
      #expect(res.events == [.next(240, 11), .completed(240)])
      #expect(b.subscriptions == [Subscription(200, 240)])
      var values: [Int] = []
      _ = Maybe.zip(Maybe.just(1), .just(2), .just(3)).subscribe(onSuccess: {
        values.append($0.0 + $0.1 + $0.2)
      })
      #expect(values == [6])
    }
  }

  @Test func completableZipCompletesWhenAllHaveCompleted() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.completed(210, Never.self)])
      let b = scheduler.createHotObservable([.completed(250, Never.self)])
      let res = scheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()) }
      #expect(res.events == [.completed(250)])
      #expect(a.subscriptions == [Subscription(200, 210)])
      #expect(b.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func completableZipFailsWithTheFirstError() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.error(220, TestError(id: 1), Never.self)])
      let b = scheduler.createHotObservable([.completed(250, Never.self)])
      let res = scheduler.start { Completable.zip([a.asCompletable(), b.asCompletable()]) }
      #expect(res.events == [.error(220, TestError(id: 1))])
      #expect(b.subscriptions == [Subscription(200, 220)])
    }
  }
}
