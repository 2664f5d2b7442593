import ReactiveCore
import ReactiveTesting
import Testing

/// `Single.zip` and `Maybe.zip` for five to eight sources.
@Suite struct TraitZipArityTests {
  @Test func singleZipOfEightWaitsForEveryValueAndReleasesEverySource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = (1...8).map { i in
        scheduler.createHotObservable([.next(200 + 5 * i, i), .completed(200 + 5 * i)])
      }
      let s = xs.map { $0.asSingle() }
      let res = scheduler.start {
        Single.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
          $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
        }
      }
      #expect(res.events == [.next(240, 36), .completed(240)])
      for (i, x) in xs.enumerated() {
        #expect(x.subscriptions == [Subscription(200, 200 + 5 * (i + 1))])
      }
    }
  }

  @Test func singleZipFailureReleasesTheOthers() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let failing = scheduler.createHotObservable([.error(220, TestError(id: 1), Int.self)])
      let pending = scheduler.createHotObservable([.next(300, 2), .completed(300)])
      let res = scheduler.start {
        Single.zip(
          failing.asSingle(), pending.asSingle(), .just(3), .just(4), .just(5)
        ).map { $0.0 + $0.1 + $0.2 + $0.3 + $0.4 }
      }
      #expect(res.events == [.error(220, TestError(id: 1))])
      #expect(pending.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func singleAndMaybeZipArities() {
    expectNoLeaks {
      var results: [String] = []
      _ = Single.zip(Single.just(1), .just(2), .just(3), .just(4), .just(5)) {
        "\($0 + $1 + $2 + $3 + $4)"
      }.subscribe(onSuccess: { results.append($0) })
      _ = Single.zip(Single.just(1), .just(2), .just(3), .just(4), .just(5), .just(6))
        .subscribe(onSuccess: { results.append("\($0.0 + $0.5)") })
      _ = Single.zip(Single.just(1), .just(2), .just(3), .just(4), .just(5), .just(6), .just(7))
        .subscribe(onSuccess: { results.append("\($0.6)") })
      _ = Maybe.zip(Maybe.just(1), .just(2), .just(3), .just(4), .just(5), .just(6), .just(7)) {
        "\($0 * $6)"
      }.subscribe(onSuccess: { results.append($0) })
      _ = Maybe.zip(
        Maybe.just(1), .just(2), .just(3), .just(4), .just(5), .just(6), .just(7), .just(8)
      ).subscribe(onSuccess: { results.append("\($0.7)") })
      #expect(results == ["15", "7", "7", "7", "8"])
    }
  }

  @Test func maybeZipCompletesEmptyWhenAllCompleteEmpty() {
    expectNoLeaks {
      var completed = 0
      _ = Maybe<Int>.zip(
        Maybe<Int>.empty(), .empty(), .empty(), .empty(), .empty(), .empty()
      ) { $0 + $1 + $2 + $3 + $4 + $5 }
      .subscribe(onSuccess: { _ in }, onCompleted: { completed += 1 })
      #expect(completed == 1)
    }
  }
}
