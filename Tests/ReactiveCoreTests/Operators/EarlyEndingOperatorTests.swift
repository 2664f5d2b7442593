import ReactiveCore
import Testing

/// The operators that end before their source does (`first`, `single`, `asSingle`, `asMaybe`,
/// `dematerialize`) stop an endless synchronous source, and forward nothing after their terminal
/// event. Each body runs under a watchdog: a regression fails the test instead of hanging.
@Suite struct EarlyEndingOperatorTests {
  func events<Output: Sendable>(_ source: @escaping @Sendable () -> Observable<Output>) -> [Event<
    Output
  >]? {
    withWatchdog(timeout: SynchronousGeneratorTests.hangTimeout) {
      let recorder = Recorder<Output>()
      _ = source().subscribe(recorder)
      return recorder.events
    }
  }

  @Test func firstStopsAnEndlessSource() {
    #expect(events { Observable.from(1...).first().asObservable() } == [.next(1), .completed])
  }

  @Test func singleFailsOnTheSecondElementOfAnEndlessSource() {
    #expect(
      events { Observable.from(1...).single() }
        == [.next(1), .error(RxError.moreThanOneElement)])
  }

  @Test func asSingleAndAsMaybeFailOnTheSecondElementOfAnEndlessSource() {
    #expect(
      events { Observable.repeatElement(7).asSingle().asObservable() }
        == [.error(RxError.moreThanOneElement)])
    #expect(
      events { Observable.repeatElement(7).asMaybe().asObservable() }
        == [.error(RxError.moreThanOneElement)])
  }

  @Test func dematerializeStopsAtATerminalElement() {
    #expect(
      events { Observable.repeatElement(Event<Int>.completed).dematerialize() } == [.completed])
  }

  @Test func materializeForwardsNothingAfterDisposal() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Event<Int>>()
      let subscription = subject.materialize().subscribe(recorder)
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      subject.onError(TestError(id: 1))
      #expect(recorder.events == [.next(.next(1))])
      #expect(!subject.hasObservers)
    }
  }
}
