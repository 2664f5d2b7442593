import Testing

@testable import ReactiveCore

@Suite struct MulticastTests {
  @Test func publishSharesOneSubscriptionAfterConnect() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let subject = PublishSubject<Int>()
      let published = log.track("source", subject.asObservable()).publish()
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      let first = published.subscribe(a)
      let second = published.subscribe(b)
      subject.onNext(0)
      #expect(log.log.isEmpty)
      let connection = published.connect()
      let again = published.connect()
      subject.onNext(1)
      #expect(log.log == ["subscribe source"])
      #expect(a.elements == [1] && b.elements == [1])
      connection.dispose()
      again.dispose()
      subject.onNext(2)
      #expect(log.log == ["subscribe source", "dispose source"])
      #expect(a.elements == [1])
      first.dispose()
      second.dispose()
    }
  }

  @Test func terminationReleasesTheSubject() {
    expectNoLeaks {
      let published = Observable.of(1, 2).publish()
      let a = Recorder<Int>()
      _ = published.subscribe(a)
      _ = published.connect()
      #expect(a.events == [.next(1), .next(2), .completed])
      // A fresh subject for the next round.
      let b = Recorder<Int>()
      _ = published.subscribe(b)
      #expect(b.events.isEmpty)
      _ = published.connect()
      #expect(b.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func multicastWithAFixedSubjectAndReplay() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      let connectable = Observable.of(1, 2, 3).multicast(subject)
      _ = connectable.connect()
      let late = Recorder<Int>()
      _ = connectable.subscribe(late)
      #expect(late.events == [.next(3), .completed])

      let replayed = Observable.of(1, 2, 3).replay(2)
      let first = Recorder<Int>()
      _ = replayed.subscribe(first)
      _ = replayed.connect()
      #expect(first.events == [.next(1), .next(2), .next(3), .completed])

      let subjectSource = PublishSubject<Int>()
      let all = subjectSource.replayAll()
      let connection = all.connect()
      subjectSource.onNext(1)
      subjectSource.onNext(2)
      let second = Recorder<Int>()
      let subscription = all.subscribe(second)
      #expect(second.elements == [1, 2])
      subscription.dispose()
      connection.dispose()
    }
  }

  @Test func refCountConnectsForTheFirstAndDisconnectsAfterTheLast() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let subject = PublishSubject<Int>()
      let shared = log.track("source", subject.asObservable()).publish().refCount()
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      let first = shared.subscribe(a)
      let second = shared.subscribe(b)
      subject.onNext(1)
      first.dispose()
      subject.onNext(2)
      #expect(log.log == ["subscribe source"])
      second.dispose()
      #expect(log.log == ["subscribe source", "dispose source"])
      #expect(a.elements == [1] && b.elements == [1, 2])
      let third = shared.subscribe(onNext: { _ in })
      #expect(log.count("subscribe source") == 2)
      third.dispose()
    }
  }

  @Test func refCountReconnectsAfterTermination() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let shared = log.track("source", Observable.of(1, 2)).publish().refCount()
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      _ = shared.subscribe(a)
      _ = shared.subscribe(b)
      #expect(a.events == [.next(1), .next(2), .completed])
      #expect(b.events == [.next(1), .next(2), .completed])
      #expect(log.count("subscribe source") == 2)
    }
  }

  @Test func contracts() {
    checkOperatorContract { $0.publish().refCount() }
    checkOperatorContract { $0.replay(1).refCount() }
    checkOperatorContract { $0.multicast(makeSubject: { BehaviorSubject(value: 0) }).refCount() }
  }
}
