import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct SubscribeTests {
  @Test func onDisposedRunsOnceAfterCompletion() {
    expectNoLeaks {
      var log: [String] = []
      let subscription = Observable.of(1, 2).subscribe(
        onNext: { log.append("\($0)") }, onError: { _ in log.append("error") },
        onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
      subscription.dispose()
      subscription.dispose()
      #expect(log == ["1", "2", "completed", "disposed"])
    }
  }

  @Test func onDisposedRunsOnceAfterError() {
    expectNoLeaks {
      var log: [String] = []
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(
        onError: { log.append("error \($0)") }, onDisposed: { log.append("disposed") })
      subject.onError(TestError(id: 3))
      subscription.dispose()
      #expect(log == ["error TestError(3)", "disposed"])
    }
  }

  @Test func onDisposedRunsOnceOnDispose() {
    expectNoLeaks {
      var disposals = 0
      let relay = PublishRelay<Int>()
      let subscription = relay.subscribe(onDisposed: { disposals += 1 })
      #expect(disposals == 0)
      subscription.dispose()
      subscription.dispose()
      #expect(disposals == 1)
      #expect(!relay.hasObservers)
    }
  }

  @Test func onDisposedRunsOnceUnderConcurrentDispose() {
    for _ in 0..<200 {
      let disposals = Atomic<Int>(0)
      let relay = PublishRelay<Int>()
      let subscription = Shared<Disposable>(
        relay.subscribe(onDisposed: { disposals.add(1, ordering: .relaxed) }))
      DispatchQueue.concurrentPerform(iterations: 4) { _ in subscription.value.dispose() }
      #expect(disposals.load(ordering: .relaxed) == 1)
    }
  }

  @Test func eventClosureSubscribeSeesEveryEvent() {
    expectNoLeaks {
      var events: [Event<Int>] = []
      _ = Observable.of(1, 2).subscribe { events.append($0) }
      #expect(events == [.next(1), .next(2), .completed])
    }
  }

  @Test func subscribeWithPassesTheObjectAndHoldsItWeakly() {
    final class Owner {
      var seen: [Int] = []
      var completed = false
      var disposed = false
    }
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      var owner: Owner? = Owner()
      weak let weakOwner = owner
      let subscription = relay.subscribe(
        with: owner!, onNext: { owner, value in owner.seen.append(value) },
        onDisposed: { owner in owner.disposed = true })
      relay.accept(1)
      #expect(owner?.seen == [1])
      owner = nil
      #expect(weakOwner == nil, "subscribe(with:) must not retain its object")
      relay.accept(2)  // skipped: the object is gone
      subscription.dispose()
    }
  }

  @Test func subscribeWithForwardsTerminalEvents() {
    final class Owner { var log: [String] = [] }
    expectNoLeaks {
      let owner = Owner()
      let subject = PublishSubject<Int>()
      _ = subject.subscribe(
        with: owner, onNext: { $0.log.append("next \($1)") },
        onError: { $0.log.append("error \($1)") },
        onCompleted: { $0.log.append("completed") }, onDisposed: { $0.log.append("disposed") })
      subject.onNext(1)
      subject.onError(TestError(id: 9))
      #expect(owner.log == ["next 1", "error TestError(9)", "disposed"])
      _ = Observable<Int>.empty().subscribe(with: owner, onCompleted: { $0.log.append("empty") })
      #expect(owner.log.last == "empty")
    }
  }

  @Test func closuresAreReleasedAfterDispose() {
    final class Captured {}
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      weak var weakCaptured: Captured?
      let subscription: Disposable
      do {
        let captured = Captured()
        weakCaptured = captured
        subscription = relay.subscribe(
          onNext: { _ in _ = captured }, onDisposed: { _ = captured })
      }
      #expect(weakCaptured != nil)
      subscription.dispose()
      #expect(weakCaptured == nil, "closures must be released once disposed")
    }
  }

  @Test func closuresAreReleasedAfterATerminalEvent() {
    final class Captured {}
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      weak var weakCaptured: Captured?
      let subscription: Disposable
      do {
        let captured = Captured()
        weakCaptured = captured
        subscription = subject.subscribe(onNext: { _ in _ = captured })
      }
      subject.onCompleted()
      #expect(weakCaptured == nil)
      _ = subscription
    }
  }

  @Test func retainCycleThroughSelfIsBrokenByDispose() {
    final class ViewModel {
      let relay = PublishRelay<Int>()
      var subscription: Disposable?
      var seen = 0
      init() { subscription = relay.subscribe(onNext: { _ in self.seen += 1 }) }
    }
    expectNoLeaks {
      weak var weakModel: ViewModel?
      do {
        let model = ViewModel()
        weakModel = model
        model.relay.accept(1)
        #expect(model.seen == 1)
        model.subscription?.dispose()
      }
      #expect(weakModel == nil)
    }
  }

  @Test func disposingInsideOnCompletedDoesNotDeadlock() {
    expectNoLeaks {
      var disposals = 0
      var subscription: Disposable?
      let subject = PublishSubject<Int>()
      subscription = subject.subscribe(
        onCompleted: { subscription?.dispose() }, onDisposed: { disposals += 1 })
      subject.onCompleted()
      #expect(disposals == 1)
      subscription = nil
    }
  }
}
