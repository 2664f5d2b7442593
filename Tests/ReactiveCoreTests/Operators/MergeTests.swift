import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

@Suite struct MergeTests {
  @Test func synchronousSourcesTakeTurns() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.merge(.of(1, 2, 3), .of(10, 20, 30)).subscribe(recorder)
      #expect(
        recorder.events == [
          .next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed,
        ])
      let array = Recorder<Int>()
      _ = Observable.merge([.just(1), .just(2)]).subscribe(array)
      #expect(array.events == [.next(1), .next(2), .completed])
      let none = Recorder<Int>()
      _ = Observable<Int>.merge([]).subscribe(none)
      #expect(none.events == [.completed])
    }
  }

  @Test func completesWhenEverySourceCompleted() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.merge(a.asObservable(), b.asObservable()).subscribe(recorder)
      a.onNext(1)
      b.onNext(2)
      a.onCompleted()
      b.onNext(3)
      #expect(recorder.events == [.next(1), .next(2), .next(3)])
      b.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func anErrorEndsEverything() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.merge(a.asObservable(), b.asObservable()).subscribe(recorder)
      a.onNext(1)
      b.onError(TestError(id: 1))
      a.onNext(2)
      #expect(recorder.events == [.next(1), .error(TestError(id: 1))])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func mergeOfObservablesWaitsForOuterAndInners() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = outer.merge().subscribe(recorder)
      outer.onNext(a.asObservable())
      a.onNext(1)
      outer.onNext(b.asObservable())
      b.onNext(2)
      a.onNext(3)
      outer.onCompleted()
      a.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .next(3)])
      b.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])

      // Inners done first, then the outer.
      let outer2 = PublishSubject<Observable<Int>>()
      let second = Recorder<Int>()
      _ = outer2.merge().subscribe(second)
      outer2.onNext(.just(5))
      #expect(second.events == [.next(5)])
      outer2.onCompleted()
      #expect(second.events == [.next(5), .completed])
    }
  }

  @Test func maxConcurrentQueuesInners() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let subjects = (0..<3).map { _ in PublishSubject<Int>() }
      let recorder = Recorder<Int>()
      let subscription = outer.merge(maxConcurrent: 2).subscribe(recorder)
      for subject in subjects { outer.onNext(subject.asObservable()) }
      #expect(subjects.map(\.hasObservers) == [true, true, false])
      subjects[1].onNext(1)
      subjects[1].onCompleted()
      #expect(subjects.map(\.hasObservers) == [true, false, true])
      subjects[2].onNext(2)
      subjects[0].onNext(0)
      #expect(recorder.elements == [1, 2, 0])
      subscription.dispose()
      #expect(subjects.map(\.hasObservers) == [false, false, false])
      #expect(!outer.hasObservers)
    }
  }

  @Test func concatSubscribesNextOnlyAfterPreviousCompleted() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.concat(log.track("a", a.asObservable()), log.track("b", b.asObservable()))
        .subscribe(recorder)
      #expect(log.log == ["subscribe a"])
      b.onNext(0)  // not subscribed yet: lost
      a.onNext(1)
      a.onCompleted()
      #expect(log.log == ["subscribe a", "dispose a", "subscribe b"])
      b.onNext(2)
      b.onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func concatForms() {
    expectNoLeaks {
      let instance = Recorder<Int>()
      _ = Observable.of(1, 2).concat(Observable.of(3)).subscribe(instance)
      #expect(instance.events == [.next(1), .next(2), .next(3), .completed])

      let sequence = Recorder<Int>()
      _ = Observable.concat((1...3).lazy.map { Observable.just($0) }).subscribe(sequence)
      #expect(sequence.events == [.next(1), .next(2), .next(3), .completed])

      let outer = PublishSubject<Observable<Int>>()
      let a = PublishSubject<Int>()
      let nested = Recorder<Int>()
      _ = outer.concat().subscribe(nested)
      outer.onNext(a.asObservable())
      outer.onNext(.of(10, 11))
      outer.onCompleted()
      a.onNext(1)
      #expect(nested.elements == [1])
      a.onCompleted()
      #expect(nested.events == [.next(1), .next(10), .next(11), .completed])
    }
  }

  @Test func longSynchronousConcatChainDoesNotRecurse() {
    expectNoLeaks {
      let count = 100_000
      var received = 0
      var completed = false
      _ = Observable.concat((0..<count).map { Observable.just($0) })
        .subscribe(onNext: { _ in received += 1 }, onCompleted: { completed = true })
      #expect(received == count)
      #expect(completed)

      var mapped = 0
      _ = Observable.from(0..<count).concatMap { Observable.just($0) }
        .subscribe(onNext: { _ in mapped += 1 })
      #expect(mapped == count)
    }
  }

  @Test func flatMapMergesAndCompletesAfterOuterAndInners() {
    expectNoLeaks {
      let sync = Recorder<Int>()
      _ = Observable.of(1, 2).flatMap { Observable.of($0, $0 * 10) }.subscribe(sync)
      #expect(sync.events == [.next(1), .next(10), .next(2), .next(20), .completed])

      let outer = PublishSubject<Int>()
      let inners = [PublishSubject<String>(), PublishSubject<String>()]
      let recorder = Recorder<String>()
      _ = outer.flatMap { inners[$0] }.subscribe(recorder)
      outer.onNext(0)
      outer.onNext(1)
      inners[1].onNext("b")
      inners[0].onNext("a")
      outer.onCompleted()
      inners[0].onCompleted()
      #expect(recorder.events == [.next("b"), .next("a")])
      inners[1].onCompleted()
      #expect(recorder.events == [.next("b"), .next("a"), .completed])
    }
  }

  @Test func flatMapThrowingSelectorFailsAndDisposes() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = outer.flatMap { value -> Observable<Int> in
        if value == 2 { throw TestError(id: 2) }
        return inner.asObservable()
      }.subscribe(recorder)
      outer.onNext(1)
      inner.onNext(7)
      outer.onNext(2)
      inner.onNext(8)
      #expect(recorder.events == [.next(7), .error(TestError(id: 2))])
      #expect(!outer.hasObservers && !inner.hasObservers)
    }
  }

  @Test func concatMapKeepsOrder() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inners = [PublishSubject<Int>(), PublishSubject<Int>()]
      let recorder = Recorder<Int>()
      _ = outer.concatMap { inners[$0] }.subscribe(recorder)
      outer.onNext(0)
      outer.onNext(1)
      #expect(!inners[1].hasObservers)
      inners[0].onNext(1)
      inners[0].onCompleted()
      inners[1].onNext(2)
      outer.onCompleted()
      inners[1].onCompleted()
      #expect(recorder.events == [.next(1), .next(2), .completed])
    }
  }

  @Test func reentrantEventIsQueuedNotRecursed() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var seen: [Int] = []
      var depth = 0
      var maxDepth = 0
      let subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: {
        value in
        depth += 1
        maxDepth = max(maxDepth, depth)
        seen.append(value)
        if value == 1 { b.onNext(2) }
        if value == 2 { a.onNext(3) }
        seen.append(-value)
        depth -= 1
      })
      a.onNext(1)
      #expect(seen == [1, -1, 2, -2, 3, -3])
      #expect(maxDepth == 1)
      subscription.dispose()
    }
  }

  @Test func disposeFromInsideOnNextStopsDelivery() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var seen: [Int] = []
      var subscription: Disposable?
      subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: {
        value in
        seen.append(value)
        if value == 1 { b.onNext(2) }  // queued behind 1, then dropped by the dispose below
        if value == 1 { subscription?.dispose() }
      })
      a.onNext(1)
      a.onNext(3)
      #expect(seen == [1])
      #expect(!a.hasObservers && !b.hasObservers)
      subscription = nil
    }
  }

  @Test func concurrentSourcesAreSerializedAndComplete() {
    expectNoLeaks {
      let threads = 4
      let perThread = 25_000
      let relays = (0..<threads).map { _ in PublishRelay<Int>() }
      let observer = OverlapCheckingObserver<Int>()
      let subscription = Observable.merge(relays.map { $0.asObservable() }).subscribe(observer)
      runConcurrently(threads) { index in
        for value in 0..<perThread { relays[index].accept(index * perThread + value) }
      }
      #expect(observer.nextCount.load(ordering: .relaxed) == threads * perThread)
      #expect(observer.overlaps.load(ordering: .relaxed) == 0)
      // Each source's elements arrive in their own order.
      let elements = observer.elements
      for index in 0..<threads {
        let own = elements.filter { $0 / perThread == index }
        #expect(own == Array(index * perThread..<(index + 1) * perThread))
      }
      subscription.dispose()
      #expect(relays.allSatisfy { !$0.hasObservers })
    }
  }

  @Test func concurrentInnersOfFlatMapCompleteExactlyOnce() {
    expectNoLeaks {
      let threads = 4
      let perThread = 10_000
      let subjects = (0..<threads).map { _ in PublishSubject<Int>() }
      let observer = OverlapCheckingObserver<Int>()
      let subscription = Observable.from(0..<threads).flatMap { subjects[$0] }.subscribe(observer)
      runConcurrently(threads) { index in
        for value in 0..<perThread { subjects[index].onNext(value) }
        subjects[index].onCompleted()
      }
      #expect(observer.nextCount.load(ordering: .relaxed) == threads * perThread)
      #expect(observer.terminalCount.load(ordering: .relaxed) == 1)
      #expect(observer.overlaps.load(ordering: .relaxed) == 0)
      subscription.dispose()
    }
  }

  @Test func stateMachineRunsOneStarterAndCompletesLast() {
    var machine = MergeStateMachine<String>(maxConcurrent: 1)
    #expect(machine.outerNext("a") == "a")
    #expect(machine.outerNext("b") == nil)  // a starter is running: queued
    if case .none = machine.innerCompleted() {} else { Issue.record("the starter picks up b") }
    #expect(machine.nextToStart() == "b")
    #expect(machine.nextToStart() == nil)
    #expect(machine.outerCompleted() == false)
    if case .complete = machine.innerCompleted() {} else { Issue.record("expected completion") }
    #expect(machine.stop() == false)
  }

  @Test func contracts() {
    checkOperatorContract { Observable.merge($0, .never()) }
    checkOperatorContract { Observable.merge([$0]) }
    checkOperatorContract { source in source.flatMap { Observable.just($0) } }
    checkOperatorContract { source in source.concatMap { Observable.of($0, $0) } }
    checkOperatorContract { Observable.concat($0, .just(0)) }
    checkOperatorContract { source in source.concat(Observable.just(0)) }
    checkOperatorContract { source in source.map { Observable.just($0) }.merge(maxConcurrent: 1) }
    checkOperatorContract { source in source.map { Observable.just($0) }.merge() }
    checkOperatorContract { source in source.map { Observable.just($0) }.concat() }
  }
}
