import ReactiveCore
import Testing

@Suite struct DeferredTests {
  @Test func factoryThatOnlyThrowsCompiles() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable<Int>.deferred { throw TestError(id: 1) }.subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func factoryReturningNeverOrCreateIsInferred() {
    expectNoLeaks {
      let never = Observable<Int>.deferred { .never() }
      let created = Observable<Int>.deferred {
        Observable.create { observer in
          observer.onNext(1)
          observer.onCompleted()
          return Disposables.create()
        }
      }
      let recorder = Recorder<Int>()
      _ = created.subscribe(recorder)
      let idle = Recorder<Int>()
      never.subscribe(idle).dispose()
      #expect(recorder.events == [.next(1), .completed])
      #expect(idle.events.isEmpty)
    }
  }
}
