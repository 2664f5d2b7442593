import ReactiveCore
import Testing

@Suite struct DematerializeTests {
  @Test func roundTrip() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.error(TestError(id: 1)).startWith(1, 2).materialize().dematerialize()
        .subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .error(TestError(id: 1))])
    }
  }

  @Test func terminalElementEndsAndDisposesSource() {
    expectNoLeaks {
      let subject = PublishSubject<Event<Int>>()
      let recorder = Recorder<Int>()
      _ = subject.dematerialize().subscribe(recorder)
      subject.onNext(.next(1))
      subject.onNext(.completed)
      subject.onNext(.next(2))
      #expect(recorder.events == [.next(1), .completed])
      #expect(!subject.hasObservers)
    }
  }

  @Test func sourceEventsPassThrough() {
    expectNoLeaks {
      let failed = Recorder<Int>()
      _ = Observable<Event<Int>>.error(TestError(id: 3)).dematerialize().subscribe(failed)
      #expect(failed.events == [.error(TestError(id: 3))])
      let completed = Recorder<Int>()
      _ = Observable<Event<Int>>.of(.next(4)).dematerialize().subscribe(completed)
      #expect(completed.events == [.next(4), .completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.map { $0 == 4 ? Event<Int>.completed : .next($0) }.dematerialize() }
    checkOperatorContract { $0.materialize().dematerialize() }
  }
}
