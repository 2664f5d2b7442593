import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct UsingTests {
  @Test func resourceLivesAsLongAsTheSubscription() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let disposedAt = Shared<[Int]>([])
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
      let res = scheduler.start {
        Observable.using(
          { TestResource { disposedAt.mutate { $0.append(scheduler.clock) } } },
          observableFactory: { _ in xs.asObservable() })
      }
      #expect(res.events == [.next(210, 1), .completed(230)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
      #expect(disposedAt.value == [230])
    }
  }

  @Test func disposalReleasesTheResource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let disposedAt = Shared<[Int]>([])
      let xs = scheduler.createColdObservable([.next(100, 1)])
      let res = scheduler.start(disposed: 250) {
        Single.using(
          { TestResource { disposedAt.mutate { $0.append(scheduler.clock) } } },
          primitiveSequenceFactory: { _ in xs.asSingle() })
      }
      #expect(res.events.isEmpty)
      #expect(disposedAt.value == [250])
    }
  }

  @Test func throwingFactoriesFailAndReleaseTheResource() {
    expectNoLeaks {
      let released = Shared(0)
      let failedResource = Recorder<Int>()
      _ = Observable<Int>.using(
        { () -> TestResource in throw TestError(id: 1) }, observableFactory: { _ in .just(1) }
      ).subscribe(failedResource)
      #expect(failedResource.events == [.error(TestError(id: 1))])
      let failedSource = Recorder<Int>()
      _ = Observable<Int>.using(
        { TestResource { released.mutate { $0 += 1 } } },
        observableFactory: { _ in throw TestError(id: 2) }
      ).subscribe(failedSource)
      #expect(failedSource.events == [.error(TestError(id: 2))])
      #expect(released.value == 1)
    }
  }
}

/// A concrete resource for `using`, which is generic over the resource type.
final class TestResource: Disposable, @unchecked Sendable {  // `onDispose` is called once, serially
  let onDispose: () -> Void
  init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
  func dispose() { onDispose() }
}
