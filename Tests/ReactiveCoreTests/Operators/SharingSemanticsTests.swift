import ReactiveTesting
import Testing

@testable import ReactiveCore

/// `refCount()` and `share(replay:scope: .forever)` after the source terminated, and the release
/// of a terminated source subscribed directly, on virtual time, against RxSwift 6's behaviour.
@Suite struct SharingSemanticsTests {
  /// Subscribes `observers[i]` to `source` at `times[i]` and runs the scheduler.
  func run<Element>(
    _ scheduler: TestScheduler, _ source: Observable<Element>, at times: [TestTime]
  ) -> [TestableObserver<Element>] {
    let observers = times.map { _ in scheduler.createObserver(Element.self) }
    var subscriptions: [Disposable] = []
    for (time, observer) in zip(times, observers) {
      scheduler.scheduleAt(time) { subscriptions.append(source.subscribe(observer)) }
    }
    scheduler.scheduleAt(1000) { for subscription in subscriptions { subscription.dispose() } }
    scheduler.start()
    return observers
  }

  /// As in RxSwift, a `refCount()` over a subject that has terminated does not
  /// subscribe to the source again; the late subscriber gets the subject's replay.
  @Test func refCountDoesNotConnectATerminatedSubject() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let shared = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1)).refCount()
      let observers = run(scheduler, shared, at: [200, 300])
      #expect(observers[0].events == [.next(210, 1), .completed(220)])
      #expect(observers[1].events == [.next(300, 1), .completed(300)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  /// With a subject factory (`publish()`), termination releases the subject, so the next
  /// subscriber connects again (RxSwift's `multicast(makeSubject:)`).
  @Test func refCountOfPublishReconnectsAfterTermination() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let observers = run(scheduler, xs.publish().refCount(), at: [200, 300])
      #expect(observers[1].events == [.next(310, 1), .completed(320)])
      #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }
  }

  /// As in RxSwift, `.forever` keeps one subject and never resubscribes to a source
  /// that terminated.
  @Test func shareForeverNeverResubscribesAfterTermination() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .completed(20)])
      let shared = xs.share(replay: 1, scope: .forever)
      let observers = run(scheduler, shared, at: [200, 300, 400])
      #expect(observers[0].events == [.next(210, 1), .next(215, 2), .completed(220)])
      #expect(observers[1].events == [.next(300, 2), .completed(300)])
      #expect(observers[2].events == [.next(400, 2), .completed(400)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  /// `.forever` after an error: the error is replayed, no resubscription.
  @Test func shareForeverReplaysTheError() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 4))])
      let observers = run(scheduler, xs.share(replay: 1, scope: .forever), at: [200, 300])
      #expect(observers[1].events == [.next(300, 1), .error(300, TestError(id: 4))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  /// `.whileConnected` starts afresh after termination (unchanged).
  @Test func shareWhileConnectedResubscribesAfterTermination() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let observers = run(scheduler, xs.share(replay: 1), at: [200, 300])
      #expect(observers[1].events == [.next(310, 1), .completed(320)])
      #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }
  }

  /// A source subscribed directly is released when it
  /// terminates (RxSwift's `asObservable()` goes through `create`'s sink, which disposes then).
  @Test func aTerminatedSourceSubscribedDirectlyIsReleasedAtOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let cold = scheduler.createColdObservable([.next(10, 1), .completed(50)])
      let res = scheduler.start { cold.asObservable() }
      #expect(res.events == [.next(210, 1), .completed(250)])
      #expect(cold.subscriptions == [Subscription(200, 250)])

      let hot = scheduler.createHotObservable([.next(1010, 1), .error(1020, TestError())])
      let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) { hot }
      #expect(res2.events == [.next(1010, 1), .error(1020, TestError())])
      #expect(hot.subscriptions == [Subscription(1001, 1020)])
    }
  }
}
