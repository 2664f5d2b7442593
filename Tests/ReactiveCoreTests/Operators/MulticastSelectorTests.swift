import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct MulticastSelectorTests {
  @Test func everyUseInsideTheSelectorSharesOneSubscription() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .completed(240),
      ])
      let res = scheduler.start {
        xs.multicast({ PublishSubject<Int>() }) { shared in
          Observable.merge(shared, shared.map { $0 * 10 })
        }
      }
      #expect(
        res.events == [
          .next(210, 1), .next(210, 10), .next(220, 2), .next(220, 20), .completed(240),
        ])
      #expect(xs.subscriptions == [Subscription(200, 240)])
    }
  }

  @Test func eachSubscriptionGetsItsOwnSubjectAndConnection() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let subjects = Shared(0)
      let shared = xs.multicast(
        { () -> ReplaySubject<Int> in
          subjects.mutate { $0 += 1 }
          return ReplaySubject.create(bufferSize: 1)
        },
        selector: { $0.concat($0) })
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      var subscriptions: [Disposable] = []
      scheduler.scheduleAt(200) { subscriptions.append(shared.subscribe(first)) }
      scheduler.scheduleAt(300) { subscriptions.append(shared.subscribe(second)) }
      scheduler.start()
      // The second half of `concat` subscribes to the terminated replay subject: its replay.
      #expect(first.events == [.next(210, 1), .next(220, 1), .completed(220)])
      #expect(second.events == [.next(310, 1), .next(320, 1), .completed(320)])
      #expect(subjects.value == 2)
      #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
      for subscription in subscriptions { subscription.dispose() }
    }
  }

  @Test func theResultEndingDisconnectsTheSource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.multicast({ PublishSubject<Int>() }) { $0.take(1) }
      }
      #expect(res.events == [.next(210, 1), .completed(210)])
      #expect(xs.subscriptions == [Subscription(200, 210)])
      let disposedEarly = scheduler.createHotObservable([.next(1010, 1)])
      let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 1050) {
        disposedEarly.multicast({ PublishSubject<Int>() }) { $0 }
      }
      #expect(res2.events == [.next(1010, 1)])
      #expect(disposedEarly.subscriptions == [Subscription(1001, 1050)])
    }
  }

  @Test func throwingSelectorsFailWithoutSubscribing() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let res = scheduler.start {
        xs.multicast(
          { PublishSubject<Int>() },
          selector: { _ -> Observable<Int> in
            throw TestError(id: 1)
          })
      }
      #expect(res.events == [.error(200, TestError(id: 1))])
      let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 1050) {
        xs.multicast({ () throws -> PublishSubject<Int> in throw TestError(id: 2) }) { $0 }
      }
      #expect(res2.events == [.error(1001, TestError(id: 2))])
      #expect(xs.subscriptions.isEmpty)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.multicast({ PublishSubject<Int>() }) { $0.map { $0 + 1 } } }
  }
}
