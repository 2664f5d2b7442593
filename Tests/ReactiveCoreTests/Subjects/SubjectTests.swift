import Testing

@testable import ReactiveCore

@Suite struct SubjectTests {
  // MARK: PublishSubject

  @Test func publishSubjectDeliversToCurrentSubscribersThenTerminates() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      subject.onNext(0)
      let early = Recorder<Int>()
      let subscription = subject.subscribe(early)
      #expect(subject.hasObservers)
      subject.onNext(1)
      subject.onCompleted()
      subject.onNext(2)
      subject.onError(TestError())
      #expect(early.events == [.next(1), .completed])
      #expect(!subject.hasObservers)
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.completed])
      subscription.dispose()
    }
  }

  @Test func publishSubjectLateSubscriberAfterErrorGetsTheError() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      subject.onError(TestError(id: 2))
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.error(TestError(id: 2))])
    }
  }

  @Test func subjectAsObserverAndObservable() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = subject.asObservable().subscribe(recorder)
      let observer = subject.asObserver()
      observer.onNext(1)
      observer.onCompleted()
      #expect(recorder.events == [.next(1), .completed])
      subscription.dispose()
    }
  }

  // MARK: BehaviorSubject

  @Test func behaviorSubjectReplaysCurrentValueThenLive() {
    expectNoLeaks {
      let subject = BehaviorSubject(value: 1)
      #expect((try? subject.value()) == 1)
      let recorder = Recorder<Int>()
      let subscription = subject.subscribe(recorder)
      subject.onNext(2)
      #expect((try? subject.value()) == 2)
      let second = Recorder<Int>()
      let other = subject.subscribe(second)
      subject.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .completed])
      #expect(second.events == [.next(2), .completed])
      #expect(!subject.hasObservers)
      subscription.dispose()
      other.dispose()
    }
  }

  @Test func behaviorSubjectLateSubscriberGetsOnlyTheTerminalEvent() {
    expectNoLeaks {
      let subject = BehaviorSubject(value: 1)
      subject.onNext(2)
      subject.onCompleted()
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.completed])
      #expect((try? subject.value()) == 2, "value() stays readable after completion")
    }
  }

  @Test func behaviorSubjectValueThrowsAfterError() {
    expectNoLeaks {
      let subject = BehaviorSubject(value: 1)
      subject.onError(TestError(id: 4))
      #expect(throws: TestError(id: 4)) { try subject.value() }
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.error(TestError(id: 4))])
      subject.onNext(5)
      #expect(throws: TestError(id: 4)) { try subject.value() }
    }
  }

  // MARK: ReplaySubject

  @Test func replaySubjectReplaysBufferToNewSubscribers() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 2)
      for i in 1...4 { subject.onNext(i) }
      let recorder = Recorder<Int>()
      let subscription = subject.subscribe(recorder)
      subject.onNext(5)
      #expect(recorder.events == [.next(3), .next(4), .next(5)])
      subscription.dispose()
    }
  }

  @Test func replaySubjectReplaysThenTerminalAfterTermination() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 2)
      for i in 1...3 { subject.onNext(i) }
      subject.onError(TestError(id: 1))
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.next(2), .next(3), .error(TestError(id: 1))])

      let completed = ReplaySubject<Int>.create(bufferSize: 5)
      completed.onNext(1)
      completed.onCompleted()
      let lateToo = Recorder<Int>()
      _ = completed.subscribe(lateToo)
      #expect(lateToo.events == [.next(1), .completed])
    }
  }

  /// A one-element buffer (the layout of `share(replay: 1)` and every Driver) keeps only the newest
  /// element, live and after termination.
  @Test func replaySubjectOfOneKeepsOnlyTheNewestElement() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      let early = Recorder<Int>()
      let first = subject.subscribe(early)
      #expect(early.events.isEmpty)
      for i in 1...3 { subject.onNext(i) }
      let late = Recorder<Int>()
      let second = subject.subscribe(late)
      subject.onNext(4)
      #expect(early.elements == [1, 2, 3, 4])
      #expect(late.elements == [3, 4])

      // take(1) disposes its subscription inside the replay: it gets the newest element only.
      let once = Recorder<Int>()
      _ = subject.take(1).subscribe(once)
      subject.onNext(5)
      #expect(once.events == [.next(4), .completed])

      subject.onError(TestError(id: 2))
      let afterError = Recorder<Int>()
      _ = subject.subscribe(afterError)
      #expect(afterError.events == [.next(5), .error(TestError(id: 2))])
      first.dispose()
      second.dispose()

      let empty = ReplaySubject<Int>.create(bufferSize: 1)
      empty.onCompleted()
      let afterCompletion = Recorder<Int>()
      _ = empty.subscribe(afterCompletion)
      #expect(afterCompletion.events == [.completed])
    }
  }

  @Test func replaySubjectUnboundAndZeroBuffer() {
    expectNoLeaks {
      let unbound = ReplaySubject<Int>.createUnbound()
      for i in 0..<100 { unbound.onNext(i) }
      let all = Recorder<Int>()
      let a = unbound.subscribe(all)
      #expect(all.elements == Array(0..<100))
      a.dispose()

      let none = ReplaySubject<Int>.create(bufferSize: 0)
      none.onNext(1)
      let nothing = Recorder<Int>()
      let b = none.subscribe(nothing)
      #expect(nothing.events.isEmpty)
      #expect(none.hasObservers)
      b.dispose()
      #expect(!none.hasObservers)
    }
  }

  // MARK: AsyncSubject

  @Test func asyncSubjectEmitsOnlyTheLastElementOnCompletion() {
    expectNoLeaks {
      let subject = AsyncSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = subject.subscribe(recorder)
      subject.onNext(1)
      subject.onNext(2)
      #expect(recorder.events.isEmpty)
      subject.onCompleted()
      #expect(recorder.events == [.next(2), .completed])
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.next(2), .completed])
      subscription.dispose()
    }
  }

  @Test func asyncSubjectOnErrorEmitsOnlyTheError() {
    expectNoLeaks {
      let subject = AsyncSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.subscribe(recorder)
      subject.onNext(1)
      subject.onError(TestError(id: 8))
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(recorder.events == [.error(TestError(id: 8))])
      #expect(late.events == [.error(TestError(id: 8))])
    }
  }

  @Test func asyncSubjectCompletedEmptyJustCompletes() {
    expectNoLeaks {
      let subject = AsyncSubject<Int>()
      subject.onCompleted()
      let late = Recorder<Int>()
      _ = subject.subscribe(late)
      #expect(late.events == [.completed])
    }
  }

  @Test func hasObserversTracksSubscriptions() {
    expectNoLeaks {
      let subjects: [(Bool, () -> Disposable)] = {
        let a = PublishSubject<Int>()
        let b = BehaviorSubject(value: 0)
        let c = ReplaySubject<Int>.create(bufferSize: 1)
        let d = AsyncSubject<Int>()
        return [
          (a.hasObservers, { a.subscribe(onNext: { _ in }) }),
          (b.hasObservers, { b.subscribe(onNext: { _ in }) }),
          (c.hasObservers, { c.subscribe(onNext: { _ in }) }),
          (d.hasObservers, { d.subscribe(onNext: { _ in }) }),
        ]
      }()
      for (initially, subscribe) in subjects {
        #expect(!initially)
        subscribe().dispose()
      }
      let subject = PublishSubject<Int>()
      let first = subject.subscribe(onNext: { _ in })
      let second = subject.subscribe(onNext: { _ in })
      #expect(subject.hasObservers)
      first.dispose()
      #expect(subject.hasObservers)
      second.dispose()
      #expect(!subject.hasObservers)
    }
  }
}
