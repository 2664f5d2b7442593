import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct ObserveOnTests {
  @Test func contractOnTheCurrentThreadScheduler() {
    checkOperatorContract { $0.observe(on: CurrentThreadScheduler.instance) }
  }

  @Test func contractOnASerialQueue() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observeOn.contract")
    checkOperatorContract(settle: { flush(scheduler.queue) }) { $0.observe(on: scheduler) }
  }

  @Test func contractOnAConcurrentQueue() {
    let queue = DispatchQueue(label: "test.observeOn.concurrent", attributes: .concurrent)
    let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
    // A barrier block runs once everything submitted before it has finished.
    checkOperatorContract(settle: { queue.sync(flags: .barrier) {} }) {
      $0.observe(on: scheduler)
    }
  }

  @Test func synchronousOnTheCurrentThreadScheduler() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      let subscription = Observable.of(1, 2, 3).observe(on: CurrentThreadScheduler.instance)
        .subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
      subscription.dispose()
    }
  }

  @Test func keepsOrderAndDeliversOnTheQueue() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observeOn.order")
      let key = DispatchSpecificKey<Int>()
      scheduler.queue.setSpecific(key: key, value: 1)
      let recorder = Recorder<Int>()
      let offQueue = Atomic<Int>(0)
      let done = Semaphore()
      let subscription = Observable.from(0..<10_000).observe(on: scheduler).subscribe(
        onNext: { value in
          if DispatchQueue.getSpecific(key: key) != 1 { offQueue.add(1, ordering: .relaxed) }
          recorder.on(.next(value))
        },
        onCompleted: { done.fire() })
      #expect(done.wait())
      #expect(recorder.elements == Array(0..<10_000))
      #expect(offQueue.load(ordering: .relaxed) == 0)
      subscription.dispose()
      flush(scheduler.queue)
    }
  }

  @Test func errorNeverOvertakesElements() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let done = Semaphore()
      let subscription = subject.observe(on: scheduler).subscribe(
        onNext: { recorder.on(.next($0)) },
        onError: {
          recorder.on(.error($0))
          done.fire()
        })
      for i in 0..<1_000 { subject.onNext(i) }
      subject.onError(TestError(id: 1))
      #expect(done.wait())
      #expect(recorder.events == (0..<1_000).map { .next($0) } + [.error(TestError(id: 1))])
      subscription.dispose()
      #expect(resourcesSettle(heldByTest: 1))
    }
  }

  @Test func serializesDeliveryFromManyThreadsOnAConcurrentScheduler() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let relay = PublishRelay<Int>()
      let inside = Atomic<Int>(0)
      let overlaps = Atomic<Int>(0)
      let count = Atomic<Int>(0)
      let sum = Atomic<Int>(0)
      let threads = 4
      let perThread = 25_000
      let subscription = relay.observe(on: scheduler).subscribe(onNext: { value in
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
          overlaps.add(1, ordering: .relaxed)
        }
        count.add(1, ordering: .relaxed)
        sum.add(value, ordering: .relaxed)
        inside.subtract(1, ordering: .acquiringAndReleasing)
      })
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for i in 1...perThread { relay.accept(i) }
      }
      #expect(eventually { count.load(ordering: .relaxed) == threads * perThread })
      subscription.dispose()
      #expect(overlaps.load(ordering: .relaxed) == 0)
      #expect(count.load(ordering: .relaxed) == threads * perThread)
      #expect(sum.load(ordering: .relaxed) == threads * perThread * (perThread + 1) / 2)
      #expect(resourcesSettle(heldByTest: 1))
    }
  }

  @Test func disposeDropsPendingEventsAndIsABarrier() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(
        internalSerialQueueName: "test.observeOn.dispose")
      let relay = PublishRelay<Int>()
      let blocker = Semaphore()
      let firstArrived = Semaphore()
      let afterDispose = Atomic<Bool>(false)
      let violations = Atomic<Int>(0)
      let seen = Shared<[Int]>([])
      let recorder = AnyObserver<Int>(eventHandler: { event in
        if afterDispose.load(ordering: .acquiring) { violations.add(1, ordering: .relaxed) }
        if case .next(let value) = event {
          seen.mutate { $0.append(value) }
          if value == 0 {
            firstArrived.fire()
            _ = blocker.wait()
          }
        }
      })
      let subscription = Shared<Disposable?>(relay.observe(on: scheduler).subscribe(recorder))
      for i in 0..<100 { relay.accept(i) }
      #expect(firstArrived.wait())
      // The drain is blocked inside element 0; dispose from here must wait for it to return and
      // must drop 1..<100.
      let disposed = Semaphore()
      startThread {
        subscription.value?.dispose()
        afterDispose.store(true, ordering: .releasing)
        disposed.fire()
      }
      // Unblock the drain only once dispose() has started (and is waiting for the drain).
      #expect(eventually { (subscription.value as? Cancelable)?.isDisposed == true })
      blocker.fire()
      #expect(disposed.wait())
      flush(scheduler.queue)
      #expect(violations.load(ordering: .relaxed) == 0)
      #expect(seen.value == [0])
      #expect(!relay.hasObservers)
      subscription.value = nil
    }
  }

  @Test func disposingFromInsideTheObserverStopsDelivery() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observeOn.self")
      let seen = Shared<[Int]>([])
      let holder = Shared<Disposable?>(nil)
      let ready = Semaphore()
      holder.value = Observable.from(0..<100).observe(on: scheduler).subscribe(onNext: { value in
        _ = ready.wait()
        seen.mutate { $0.append(value) }
        if value == 2 { holder.value?.dispose() }
        ready.fire()
      })
      ready.fire()
      #expect(eventually { seen.read(\.count) >= 3 })
      flush(scheduler.queue)
      #expect(seen.value == [0, 1, 2])
      holder.value = nil
    }
  }

  @Test func reentrantEventsFromTheObserverAreQueuedInOrder() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      var seen: [Int] = []
      let subscription = relay.observe(on: CurrentThreadScheduler.instance).subscribe(
        onNext: { value in
          seen.append(value)
          if value < 3 { relay.accept(value + 1) }
        })
      relay.accept(0)
      #expect(seen == [0, 1, 2, 3])
      subscription.dispose()
    }
  }
}
