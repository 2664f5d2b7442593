import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct AmbTests {
  @Test func firstToEmitWinsAndTheOthersAreReleased() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(220, 1), .completed(300)])
      let b = scheduler.createHotObservable([.next(210, 10), .next(230, 20), .completed(250)])
      let c = scheduler.createHotObservable([.next(215, 100), .completed(260)])
      let res = scheduler.start {
        Observable.amb([a.asObservable(), b.asObservable(), c.asObservable()])
      }
      #expect(res.events == [.next(210, 10), .next(230, 20), .completed(250)])
      #expect(a.subscriptions == [Subscription(200, 210)])
      #expect(b.subscriptions == [Subscription(200, 250)])
      #expect(c.subscriptions == [Subscription(200, 210)])
    }
  }

  @Test func anErrorOrCompletionAlsoWins() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.error(210, TestError(id: 1), Int.self)])
      let b = scheduler.createHotObservable([.next(220, 2), .completed(230)])
      let res = scheduler.start { a.amb(b) }
      #expect(res.events == [.error(210, TestError(id: 1))])
      #expect(b.subscriptions == [Subscription(200, 210)])
    }
  }

  @Test func disposalReleasesEverySource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(300, 1)])
      let b = scheduler.createHotObservable([.next(300, 2)])
      let res = scheduler.start(disposed: 250) { a.amb(b) }
      #expect(res.events.isEmpty)
      #expect(a.subscriptions == [Subscription(200, 250)])
      #expect(b.subscriptions == [Subscription(200, 250)])
      let recorder = Recorder<Int>()
      Observable<Int>.amb([Observable<Int>]()).subscribe(recorder).dispose()
      #expect(recorder.events.isEmpty)
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.amb(Observable<Int>.never()) }
    checkOperatorContract { Observable<Int>.never().amb($0) }
  }
}
