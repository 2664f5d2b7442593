import ReactiveCore
import Testing

@Suite struct DoTests {
  /// A `do` that logs every callback into `log`.
  func logging(_ source: Observable<Int>, _ log: Shared<[String]>) -> Observable<Int> {
    source.do(
      onNext: { value in log.mutate { $0.append("onNext \(value)") } },
      afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
      onError: { error in log.mutate { $0.append("onError \(error)") } },
      afterError: { error in log.mutate { $0.append("afterError \(error)") } },
      onCompleted: { log.mutate { $0.append("onCompleted") } },
      afterCompleted: { log.mutate { $0.append("afterCompleted") } },
      onSubscribe: { log.mutate { $0.append("onSubscribe") } },
      onSubscribed: { log.mutate { $0.append("onSubscribed") } },
      onDispose: { log.mutate { $0.append("onDispose") } })
  }

  @Test func orderWithSynchronousSource() {
    expectNoLeaks {
      let log = Shared<[String]>([])
      _ = logging(.of(1), log).subscribe(
        onNext: { value in log.mutate { $0.append("downstream \(value)") } },
        onCompleted: { log.mutate { $0.append("downstream completed") } })
      #expect(
        log.value == [
          "onSubscribe", "onSubscribed", "onNext 1", "downstream 1", "afterNext 1",
          "onCompleted", "downstream completed", "afterCompleted", "onDispose",
        ])
    }
  }

  @Test func orderWithAsynchronousSourceAndError() {
    expectNoLeaks {
      let log = Shared<[String]>([])
      let subject = PublishSubject<Int>()
      _ = logging(subject.asObservable(), log).subscribe(
        onError: { error in log.mutate { $0.append("downstream \(error)") } })
      #expect(log.value == ["onSubscribe", "onSubscribed"])
      subject.onError(TestError(id: 1))
      #expect(
        log.value == [
          "onSubscribe", "onSubscribed", "onError TestError(1)", "downstream TestError(1)",
          "afterError TestError(1)", "onDispose",
        ])
      #expect(!subject.hasObservers)
    }
  }

  @Test func onDisposeRunsOnceOnDispose() {
    expectNoLeaks {
      let disposals = Shared(0)
      let subject = PublishSubject<Int>()
      let subscription = subject.do(onDispose: { disposals.mutate { $0 += 1 } }).subscribe()
      #expect(disposals.value == 0)
      subscription.dispose()
      subscription.dispose()
      #expect(disposals.value == 1)
      #expect(!subject.hasObservers)
    }
  }

  @Test func throwingOnNextBecomesErrorAndDisposesUpstream() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.do(onNext: { if $0 == 2 { throw TestError(id: 2) } }).subscribe(recorder)
      subject.onNext(1)
      subject.onNext(2)
      #expect(recorder.events == [.next(1), .error(TestError(id: 2))])
      #expect(!subject.hasObservers)
    }
  }

  @Test func throwingAfterNextEndsAfterForwarding() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).do(afterNext: { _ in throw TestError(id: 3) }).subscribe(recorder)
      #expect(recorder.events == [.next(1), .error(TestError(id: 3))])
    }
  }

  @Test func throwingOnErrorAndOnCompletedReplaceTheEvent() {
    expectNoLeaks {
      let first = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).do(onError: { _ in throw TestError(id: 2) })
        .subscribe(first)
      #expect(first.events == [.error(TestError(id: 2))])
      let second = Recorder<Int>()
      _ = Observable<Int>.empty().do(onCompleted: { throw TestError(id: 4) }).subscribe(second)
      #expect(second.events == [.error(TestError(id: 4))])
      let third = Recorder<Int>()
      _ = Observable<Int>.empty().do(afterCompleted: { throw TestError(id: 5) }).subscribe(third)
      #expect(third.events == [.completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.do(onNext: { _ in }, onDispose: {}) }
    checkOperatorContract { $0.do() }
  }
}
