import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct ScheduledDisposableTests {
  @Test func disposesOnTheSchedulerOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let disposals = Shared<[TestTime]>([])
      let scheduled = ScheduledDisposable(
        scheduler: scheduler,
        disposable: Disposables.create { disposals.mutate { $0.append(scheduler.clock) } })
      scheduler.scheduleAt(100) {
        scheduled.dispose()
        scheduled.dispose()
        #expect(!scheduled.isDisposed)  // scheduled, not yet run
      }
      scheduler.start()
      #expect(disposals.value == [101])
      #expect(scheduled.isDisposed)
      scheduled.dispose()
      scheduler.start()
      #expect(disposals.value == [101])
      #expect(scheduled.scheduler is TestScheduler)
    }
  }

  @Test func subscribeOnDisposesItsSourceOnTheScheduler() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
      let res = scheduler.start(disposed: 250) { xs.subscribe(on: scheduler) }
      #expect(res.events == [.next(210, 1)])
      #expect(xs.subscriptions == [Subscription(201, 251)])
    }
  }
}

@Suite struct DisposeBagFormsTests {
  @Test func initializersKeepTheOrderOfTheirArguments() {
    for make in [
      { (items: [Disposable]) in DisposeBag(disposing: items) },
      { (items: [Disposable]) in DisposeBag(disposing: items[0], items[1]) },
      { (items: [Disposable]) in
        DisposeBag {
          items[0]
          items[1]
        }
      },
    ] {
      let order = Shared<[Int]>([])
      var bag: DisposeBag? = make([
        Disposables.create { order.mutate { $0.append(1) } },
        Disposables.create { order.mutate { $0.append(2) } },
      ])
      #expect(order.read(\.isEmpty))
      withExtendedLifetime(bag) {}
      bag = nil
      #expect(order.value == [1, 2])
    }
  }
}
