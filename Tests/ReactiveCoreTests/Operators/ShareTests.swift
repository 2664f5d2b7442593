import Testing

@testable import ReactiveCore

@Suite struct ShareTests {
  @Test func oneSourceSubscriptionForAllSubscribers() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let subject = PublishSubject<Int>()
      let shared = log.track("source", subject.asObservable()).share()
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      let first = shared.subscribe(a)
      subject.onNext(1)
      let second = shared.subscribe(b)
      subject.onNext(2)
      #expect(log.log == ["subscribe source"])
      #expect(a.elements == [1, 2])
      #expect(b.elements == [2])
      first.dispose()
      #expect(log.log == ["subscribe source"])
      second.dispose()
      #expect(log.log == ["subscribe source", "dispose source"])
    }
  }

  @Test func replaysToLateSubscribers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let shared = subject.share(replay: 2)
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      let first = shared.subscribe(a)
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      let second = shared.subscribe(b)
      subject.onNext(4)
      #expect(b.elements == [2, 3, 4])
      first.dispose()
      second.dispose()
    }
  }

  @Test func whileConnectedResetsWhenTheLastSubscriberLeaves() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let subject = PublishSubject<Int>()
      let shared = log.track("source", subject.asObservable()).share(replay: 1)
      let a = Recorder<Int>()
      let first = shared.subscribe(a)
      subject.onNext(1)
      first.dispose()
      let b = Recorder<Int>()
      let second = shared.subscribe(b)
      #expect(b.events.isEmpty)  // the replay buffer went with the connection
      subject.onNext(2)
      #expect(b.elements == [2])
      second.dispose()
      #expect(
        log.log == ["subscribe source", "dispose source", "subscribe source", "dispose source"])
    }
  }

  @Test func whileConnectedResubscribesAfterTheSourceTerminated() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let shared = log.track("source", Observable.of(1, 2)).share(replay: 1)
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      _ = shared.subscribe(a)
      _ = shared.subscribe(b)
      #expect(a.events == [.next(1), .next(2), .completed])
      #expect(b.events == [.next(1), .next(2), .completed])
      #expect(log.count("subscribe source") == 2)
    }
  }

  @Test func whileConnectedSubscriberReactingToCompletionGetsAFreshConnection() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let subject = PublishSubject<Int>()
      let shared = log.track("source", subject.asObservable()).share()
      let again = Recorder<Int>()
      var inner: Disposable?
      _ = shared.subscribe(onCompleted: { inner = shared.subscribe(again) })
      subject.onCompleted()
      // The connection was dropped before the completion went out: the re-subscription reconnects.
      #expect(log.count("subscribe source") == 2)
      #expect(again.events == [.completed])
      inner?.dispose()
    }
  }

  @Test func foreverReplaysBufferAndTerminalEvent() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let shared = subject.share(replay: 1, scope: .forever)
      let a = Recorder<Int>()
      _ = shared.subscribe(a)
      subject.onNext(1)
      subject.onNext(2)
      subject.onCompleted()
      let b = Recorder<Int>()
      _ = shared.subscribe(b)
      #expect(a.events == [.next(1), .next(2), .completed])
      #expect(b.events == [.next(2), .completed])

      let noReplay = Observable.of(1, 2).share(scope: .forever)
      let c = Recorder<Int>()
      let d = Recorder<Int>()
      _ = noReplay.subscribe(c)
      _ = noReplay.subscribe(d)
      #expect(c.events == [.next(1), .next(2), .completed])
      #expect(d.events == [.completed])
    }
  }

  @Test func foreverKeepsItsSubjectAcrossConnections() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let subject = PublishSubject<Int>()
      let shared = log.track("source", subject.asObservable()).share(replay: 1, scope: .forever)
      let first = shared.subscribe(onNext: { _ in })
      subject.onNext(1)
      first.dispose()
      #expect(log.log == ["subscribe source", "dispose source"])
      let b = Recorder<Int>()
      let second = shared.subscribe(b)
      subject.onNext(2)
      #expect(b.elements == [1, 2])
      #expect(log.count("subscribe source") == 2)
      second.dispose()
    }
  }

  @Test func concurrentSourceReachesEverySubscriberSerially() {
    expectNoLeaks {
      let threads = 4
      let perThread = 10_000
      let relay = PublishRelay<Int>()
      let shared = relay.share(replay: 1)
      let observers = (0..<2).map { _ in OverlapCheckingObserver<Int>() }
      let subscriptions = observers.map { shared.subscribe($0) }
      runConcurrently(threads) { _ in
        for value in 0..<perThread { relay.accept(value) }
      }
      for observer in observers {
        #expect(observer.nextCount.load(ordering: .relaxed) == threads * perThread)
        #expect(observer.overlaps.load(ordering: .relaxed) == 0)
      }
      #expect(observers[0].elements == observers[1].elements)
      for subscription in subscriptions { subscription.dispose() }
      #expect(!relay.hasObservers)
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.share() }
    checkOperatorContract { $0.share(replay: 1) }
    checkOperatorContract { $0.share(replay: 2, scope: .forever) }
    checkOperatorContract { $0.share(scope: .forever) }
  }
}
