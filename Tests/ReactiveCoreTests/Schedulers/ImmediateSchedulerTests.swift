import ReactiveCore
import Testing

@Suite struct ImmediateSchedulerTests {
  @Test func runsAtOnceAndNestedActionsRunNested() {
    var log: [String] = []
    _ = ImmediateScheduler.instance.schedule {
      log.append("outer start")
      _ = ImmediateScheduler.instance.schedule { log.append("inner") }
      log.append("outer end")
    }
    log.append("after")
    #expect(log == ["outer start", "inner", "outer end", "after"])
  }

  @Test func returnsTheActionsDisposable() {
    var disposed = 0
    let disposable = ImmediateScheduler.instance.schedule(()) { _ in
      Disposables.create { disposed += 1 }
    }
    disposable.dispose()
    #expect(disposed == 1)
  }

  @Test func observeOnImmediateKeepsSynchronousDelivery() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2, 3).observe(on: ImmediateScheduler.instance).subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
  }
}
