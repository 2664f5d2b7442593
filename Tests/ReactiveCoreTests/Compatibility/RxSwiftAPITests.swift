import ReactiveCore
import ReactiveTesting
import Testing

/// RxSwift 6 API that ports by changing imports, written as RxSwift code writes it.
@Suite struct RxSwiftAPITests {
  @Test func asCompletableOnAnElementlessColdObservable() {
    let scheduler = TestScheduler(initialClock: 0)
    let completable = scheduler.createColdObservable([.completed(20)]).asCompletable()
    let res = scheduler.start { completable.asObservable() }
    #expect(res.events == [.completed(220)])
  }

  @Test func completableConcatInstanceRunsSecondAfterFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.completed(10)]).asCompletable()
    let b = scheduler.createColdObservable([.completed(20)]).asCompletable()
    let res = scheduler.start { a.concat(b).asObservable() }
    #expect(res.events == [.completed(230)])
  }

  @Test func completableConcatInstanceStopsAtTheFirstError() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.error(10, TestError())]).asCompletable()
    var subscribedSecond = false
    let b = Completable.create { observer in
      subscribedSecond = true
      observer(.completed)
      return Disposables.create()
    }
    let res = scheduler.start { a.concat(b).asObservable() }
    #expect(res.events == [.error(210, TestError())])
    #expect(!subscribedSecond)
  }

  @Test func skipForADurationUnderRxSwiftsSpelling() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
    ])
    let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
    #expect(res.events == [.next(230, 3), .completed(240)])
  }

  @Test func singleCreateWithAsyncWork() async throws {
    let attached = try await Single.create { 42 }.value
    #expect(attached == 42)
    let detached = try await Single.create(detached: true, priority: .userInitiated) { 7 }.value
    #expect(detached == 7)
    await #expect(throws: TestError()) {
      try await Single<Int>.create(detached: true) { throw TestError() }.value
    }
  }
}

#if TRACE_RESOURCES
  /// RxSwift's process-wide resource counts, public in a `-DTRACE_RESOURCES` build.
  @Suite struct TraceResourcesTests {
    @Test func countsAreReadableAndSerialQueueObserveOnIsCounted() {
      let total: Int32 = Resources.total
      #expect(total >= 0)
      let before = Resources.numberOfSerialDispatchQueueObservables
      func observeAndDispose() {
        let subscription = Observable<Int>.never()
          .observe(on: SerialDispatchQueueScheduler(qos: .default))
          .subscribe()
        #expect(Resources.numberOfSerialDispatchQueueObservables == before + 1)
        subscription.dispose()
      }
      observeAndDispose()
      #expect(Resources.numberOfSerialDispatchQueueObservables == before)
    }
  }
#endif
