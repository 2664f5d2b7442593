import ReactiveTesting
import Testing

@testable import ReactiveCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct DecodeTests {
  struct User: Decodable, Equatable { let name: String }

  @Test func decodesEachElementAndFailsOnBadData() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, Data(#"{"name":"Ada"}"#.utf8)), .next(220, Data("nope".utf8)),
        .next(230, Data(#"{"name":"Bob"}"#.utf8)),
      ])
      let res = scheduler.start { xs.decode(type: User.self, decoder: JSONDecoder()) }
      #expect(res.events.first == .next(210, User(name: "Ada")))
      #expect(res.events.count == 2)
      #expect(res.events.last?.time == 220 && res.events.last?.value.error is DecodingError)
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }
}

@Suite struct GenerateOnSchedulerTests {
  @Test func oneScheduledStepPerElementThenCompletion() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 0, condition: { $0 < 3 }, scheduler: scheduler, iterate: { $0 + 1 })
      }
      #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }
  }

  @Test func throwingClosuresFail() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 0, condition: { $0 < 5 }, scheduler: scheduler,
          iterate: { state in
            if state == 1 { throw TestError(id: 1) }
            return state + 1
          })
      }
      #expect(res.events == [.next(201, 0), .next(202, 1), .error(203, TestError(id: 1))])
      let res2 = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) {
        Observable.generate(
          initialState: 0, condition: { _ in throw TestError(id: 2) }, scheduler: scheduler,
          iterate: { $0 })
      }
      #expect(res2.events == [.error(1002, TestError(id: 2))])
    }
  }

  @Test func disposalStopsTheSteps() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 203) {
        Observable.generate(
          initialState: 0, condition: { _ in true }, scheduler: scheduler, iterate: { $0 + 1 })
      }
      #expect(res.events == [.next(201, 0), .next(202, 1)])
      #expect(scheduler.pendingCount == 0)
    }
  }

  @Test func repeatElementOnAScheduler() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 204) {
        Observable.repeatElement("a", scheduler: scheduler)
      }
      #expect(res.events == [.next(201, "a"), .next(202, "a"), .next(203, "a")])
      let taken = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) {
        Observable.repeatElement(7, scheduler: scheduler).take(2)
      }
      #expect(taken.events == [.next(1002, 7), .next(1003, 7), .completed(1003)])
      #expect(scheduler.pendingCount == 0)
    }
  }

  @Test func onTheCurrentThreadScheduler() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.generate(
        initialState: 1, condition: { $0 < 10 }, scheduler: CurrentThreadScheduler.instance,
        iterate: { $0 * 3 }
      ).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(3), .next(9), .completed])
    }
  }
}
