import Testing

@testable import ReactiveCore

@Suite struct SwitchTests {
  @Test func flatMapLatestForwardsOnlyTheCurrentInner() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inners = [PublishSubject<String>(), PublishSubject<String>()]
      let recorder = Recorder<String>()
      let subscription = outer.flatMapLatest { inners[$0] }.subscribe(recorder)
      outer.onNext(0)
      inners[0].onNext("a1")
      outer.onNext(1)
      #expect(!inners[0].hasObservers)
      inners[0].onNext("a2")
      inners[1].onNext("b1")
      #expect(recorder.events == [.next("a1"), .next("b1")])
      subscription.dispose()
      #expect(!outer.hasObservers && !inners[1].hasObservers)
    }
  }

  @Test func previousInnerIsDisposedBeforeTheNextIsSubscribed() {
    expectNoLeaks {
      let log = SubscriptionLog()
      let outer = PublishSubject<String>()
      let subscription = outer.flatMapLatest { name in log.track(name, Observable<Int>.never()) }
        .subscribe(onNext: { _ in })
      outer.onNext("a")
      outer.onNext("b")
      #expect(log.log == ["subscribe a", "dispose a", "subscribe b"])
      subscription.dispose()
      #expect(log.log == ["subscribe a", "dispose a", "subscribe b", "dispose b"])
    }
  }

  @Test func staleEventsOfAnOldInnerAreDropped() {
    expectNoLeaks {
      // An inner that ignores disposal and keeps sending (a misbehaving source).
      var stale: AnyObserver<Int>?
      let outer = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = outer.flatMapLatest { value -> Observable<Int> in
        if value == 0 {
          return Observable(subscribeHandler: { observer in
            stale = observer
            return Disposables.create()
          })
        }
        return Observable<Int>.never()
      }.subscribe(recorder)
      outer.onNext(0)
      stale?.onNext(1)
      outer.onNext(1)
      stale?.onNext(2)
      stale?.onCompleted()
      outer.onCompleted()
      #expect(recorder.events == [.next(1)])
      subscription.dispose()
      stale = nil
    }
  }

  @Test func completesWhenOuterAndCurrentInnerAreDone() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = outer.flatMapLatest { _ in inner }.subscribe(recorder)
      outer.onNext(0)
      outer.onCompleted()
      inner.onNext(5)
      #expect(recorder.events == [.next(5)])
      inner.onCompleted()
      #expect(recorder.events == [.next(5), .completed])

      let outer2 = PublishSubject<Int>()
      let second = Recorder<Int>()
      _ = outer2.flatMapLatest { Observable.just($0) }.subscribe(second)
      outer2.onNext(1)
      #expect(second.events == [.next(1)])
      outer2.onCompleted()
      #expect(second.events == [.next(1), .completed])
    }
  }

  @Test func errorsEndEverything() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = outer.flatMapLatest { _ in inner }.subscribe(recorder)
      outer.onNext(0)
      inner.onError(TestError(id: 1))
      #expect(recorder.events == [.error(TestError(id: 1))])
      #expect(!outer.hasObservers && !inner.hasObservers)

      let throwing = Recorder<Int>()
      let outer2 = PublishSubject<Int>()
      let inner2 = PublishSubject<Int>()
      _ = outer2.flatMapLatest { value -> Observable<Int> in
        if value == 1 { throw TestError(id: 2) }
        return inner2.asObservable()
      }.subscribe(throwing)
      outer2.onNext(0)
      outer2.onNext(1)
      #expect(throwing.events == [.error(TestError(id: 2))])
      #expect(!outer2.hasObservers && !inner2.hasObservers)
    }
  }

  @Test func switchLatestSwitches() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = outer.switchLatest().subscribe(recorder)
      outer.onNext(a.asObservable())
      a.onNext(1)
      outer.onNext(b.asObservable())
      a.onNext(2)
      b.onNext(3)
      a.onCompleted()
      outer.onCompleted()
      b.onCompleted()
      #expect(recorder.events == [.next(1), .next(3), .completed])
    }
  }

  @Test func flatMapFirstIgnoresElementsWhileBusy() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<String>()
      var selected: [Int] = []
      let recorder = Recorder<String>()
      _ = outer.flatMapFirst { value -> PublishSubject<String> in
        selected.append(value)
        return inner
      }.subscribe(recorder)
      outer.onNext(1)
      outer.onNext(2)
      inner.onNext("x")
      inner.onCompleted()
      outer.onNext(3)
      #expect(selected == [1, 3])
      #expect(recorder.events == [.next("x")])
      outer.onCompleted()
      #expect(recorder.events == [.next("x"), .completed])
    }
  }

  @Test func reentrantOuterEventFromInsideDelivery() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var seen: [Int] = []
      let subscription = outer.flatMapLatest { Observable.of($0, $0 * 10) }.subscribe(onNext: {
        value in
        seen.append(value)
        if value == 1 { outer.onNext(2) }
      })
      outer.onNext(1)
      // 1 arrives, 2 is sent re-entrantly: the subject queues it until the delivery of 1 is done.
      #expect(seen == [1, 10, 2, 20])
      subscription.dispose()
    }
  }

  @Test func stateMachineDropsStaleInners() {
    var machine = SwitchStateMachine(mode: .latest)
    let first = machine.outerNext()?.id
    let second = machine.outerNext()?.id
    #expect(first == 1 && second == 2)
    #expect(!machine.innerNext(id: 1))
    #expect(machine.innerNext(id: 2))
    let staleCompleted = machine.innerCompleted(id: 1)
    let outerCompleted = machine.outerCompleted()
    let currentCompleted = machine.innerCompleted(id: 2)
    #expect(!staleCompleted && !outerCompleted && currentCompleted)

    var firstMode = SwitchStateMachine(mode: .first)
    let accepted = firstMode.outerNext()?.id
    let ignored = firstMode.outerNext()?.id
    #expect(accepted == 1 && ignored == nil)
  }

  @Test func anInnerThatFinishesWhileBeingSubscribedIsDisposedWhenItsSubscribeReturns() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var disposed: [Int] = []
      let recorder = Recorder<Int>()
      let subscription = outer.flatMapLatest { value in
        Observable<Int>.create { observer in
          observer.onNext(value)
          observer.onCompleted()
          return Disposables.create { disposed.append(value) }
        }
      }.subscribe(recorder)
      outer.onNext(1)
      #expect(disposed == [1])
      outer.onNext(2)
      #expect(disposed == [1, 2])
      #expect(recorder.events == [.next(1), .next(2)])
      subscription.dispose()
    }
  }

  @Test func anInnerThatFinishesLaterIsDisposedAtOnce() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var observers: [AnyObserver<Int>] = []
      var disposed: [Int] = []
      let subscription = outer.flatMapLatest { value in
        Observable<Int>.create { observer in
          observers.append(observer)
          return Disposables.create { disposed.append(value) }
        }
      }.subscribe(onNext: { _ in })
      outer.onNext(1)
      observers[0].onCompleted()
      #expect(disposed == [1], "released when it completes, not when the next inner replaces it")
      outer.onNext(2)
      #expect(disposed == [1])
      subscription.dispose()
      #expect(disposed == [1, 2])
      observers.removeAll()
    }
  }

  @Test func disposingTheSwitchWhileAnInnerIsBeingSubscribedDisposesThatInner() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var subscription: Disposable?
      var disposed: [Int] = []
      subscription = outer.flatMapLatest { value in
        Observable<Int>.create { _ in
          subscription?.dispose()
          return Disposables.create { disposed.append(value) }
        }
      }.subscribe(onNext: { _ in })
      outer.onNext(1)
      #expect(disposed == [1])
      #expect(!outer.hasObservers)
      subscription = nil
    }
  }

  @Test func anInnerReplacedWhileBeingSubscribedIsDisposedWhenItsSubscribeReturns() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let log = SubscriptionLog()
      let subscription = outer.flatMapLatest { value in
        log.track(
          "\(value)",
          Observable<Int>.create { _ in
            // Re-entrant: the subject queues 2 until the delivery of 1 ends, so 1 is attached
            // first and then replaced.
            if value == 1 { outer.onNext(2) }
            return Disposables.create()
          })
      }.subscribe(onNext: { _ in })
      outer.onNext(1)
      #expect(log.log == ["subscribe 1", "dispose 1", "subscribe 2"])
      subscription.dispose()
      #expect(log.log == ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2"])
    }
  }

  @Test func stateMachineOwnsTheRunningInnersSubscription() {
    final class Flag: Disposable {
      var isDisposed = false
      func dispose() { isDisposed = true }
    }
    var machine = SwitchStateMachine(mode: .latest)
    let first = Flag()
    let one = machine.outerNext()
    #expect(one?.id == 1 && one?.replaced == nil)
    #expect(machine.attach(first, id: 1) == nil, "kept while inner 1 runs")
    let two = machine.outerNext()
    #expect(two?.id == 2 && two?.replaced === first, "handed back when replaced")
    let late = Flag()
    #expect(machine.attach(late, id: 1) === late, "a replaced inner's is handed back at once")
    let second = Flag()
    #expect(machine.attach(second, id: 2) == nil)
    #expect(machine.detachInner(id: 1) == nil, "a stale inner has none")
    #expect(machine.detachInner(id: 2) === second, "handed back when the inner stops")
    _ = machine.innerCompleted(id: 2)
    _ = machine.outerNext()
    let third = Flag()
    #expect(machine.attach(third, id: 3) == nil)
    #expect(machine.disposeInner() === third, "handed back when the sink ends")
    #expect(machine.isDisposed)
    let afterEnd = Flag()
    #expect(machine.attach(afterEnd, id: 3) === afterEnd, "disposed at once after the end")
    #expect([first, late, second, third, afterEnd].allSatisfy { !$0.isDisposed })
  }

  @Test func contracts() {
    checkOperatorContract { source in source.flatMapLatest { Observable.just($0) } }
    checkOperatorContract { source in source.map { Observable.just($0) }.switchLatest() }
    checkOperatorContract { source in source.flatMapFirst { Observable.of($0, $0) } }
  }
}
