import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct GroupByTests {
  @Test func emitsAGroupPerKeyAndRoutesElements() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
      ])
      let res = scheduler.start {
        xs.groupBy { $0 % 2 }.flatMap { group in group.map { "\(group.key):\($0)" } }
      }
      #expect(
        res.events == [
          .next(210, "1:1"), .next(220, "0:2"), .next(230, "1:3"), .next(240, "0:4"),
          .completed(250),
        ])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func errorReachesGroupsThenOuter() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let outer = Recorder<Int>()
      let inner = Recorder<Int>()
      _ = subject.groupBy { $0 }.subscribe(
        onNext: { group in _ = group.subscribe(inner) },
        onError: { _ in outer.on(.next(inner.events.count)) })
      subject.onNext(1)
      subject.onError(TestError(id: 1))
      #expect(inner.events == [.next(1), .error(TestError(id: 1))])
      #expect(outer.events == [.next(2)])
      #expect(!subject.hasObservers)
    }
  }

  @Test func throwingKeySelectorFailsEverything() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).groupBy { x -> Int in
        if x == 2 { throw TestError(id: 1) }
        return x
      }.flatMap { $0 }.subscribe(recorder)
      #expect(recorder.events == [.next(1), .error(TestError(id: 1))])
    }
  }

  @Test func sourceStaysWhileAGroupIsSubscribed() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let inner = Recorder<Int>()
      var groupSubscription: Disposable?
      let outer = subject.groupBy { $0 % 2 }.subscribe(onNext: { group in
        if groupSubscription == nil { groupSubscription = group.subscribe(inner) }
      })
      subject.onNext(1)
      outer.dispose()
      #expect(subject.hasObservers)
      subject.onNext(3)
      subject.onNext(2)  // a new key after the outer is gone: no group is emitted
      #expect(inner.events == [.next(1), .next(3)])
      groupSubscription?.dispose()
      #expect(!subject.hasObservers)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.groupBy { $0 % 2 }.flatMap { $0 } }
  }
}
