import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct WithUnretainedTests {
  final class Owner: @unchecked Sendable { var name = "owner" }

  @Test func pairsElementsWithTheObjectAndCompletesOnceItIsGone() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var owner: Owner? = Owner()
      let recorder = Recorder<String>()
      _ = subject.withUnretained(owner!) { "\($0.name)\($1)" }.subscribe(recorder)
      subject.onNext(1)
      owner = nil
      subject.onNext(2)
      #expect(recorder.events == [.next("owner1"), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func tupleFormAndSelectorErrors() {
    expectNoLeaks {
      let owner = Owner()
      let names = Recorder<String>()
      _ = Observable.of(1).withUnretained(owner).map { "\($0.0.name)\($0.1)" }.subscribe(names)
      #expect(names.events == [.next("owner1"), .completed])
      let failing = Recorder<Int>()
      _ = Observable.of(1).withUnretained(owner) { _, _ -> Int in throw TestError(id: 1) }
        .subscribe(failing)
      #expect(failing.events == [.error(TestError(id: 1))])
    }
  }

  @Test func releasesTheSourceOnTermination() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let owner = Owner()
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
      let res = scheduler.start { xs.withUnretained(owner) { $1 * 2 } }
      #expect(res.events == [.next(210, 2), .completed(230)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
    }
  }
}
