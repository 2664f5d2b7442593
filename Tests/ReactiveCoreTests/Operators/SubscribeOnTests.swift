import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct SubscribeOnTests {
  @Test func contractOnTheCurrentThreadScheduler() {
    checkOperatorContract { $0.subscribe(on: CurrentThreadScheduler.instance) }
  }

  @Test func subscribesAndDisposesOnTheScheduler() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.subscribeOn")
      let key = DispatchSpecificKey<Int>()
      scheduler.queue.setSpecific(key: key, value: 1)
      let subscribedOnQueue = Shared<Bool?>(nil)
      let disposedOnQueue = Shared<Bool?>(nil)
      let source = Observable<Int>.create { observer in
        subscribedOnQueue.value = DispatchQueue.getSpecific(key: key) == 1
        observer.onNext(1)
        return Disposables.create {
          disposedOnQueue.value = DispatchQueue.getSpecific(key: key) == 1
        }
      }
      let recorder = Recorder<Int>()
      let subscription = source.subscribe(on: scheduler).subscribe(recorder)
      flush(scheduler.queue)
      #expect(subscribedOnQueue.value == true)
      #expect(recorder.events == [.next(1)])
      subscription.dispose()
      flush(scheduler.queue)
      #expect(disposedOnQueue.value == true)
    }
  }

  @Test func disposingBeforeTheScheduledSubscriptionNeverSubscribes() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(
        internalSerialQueueName: "test.subscribeOn.cancel")
      let blocker = Semaphore()
      _ = scheduler.schedule { _ = blocker.wait() }
      let subscribed = Atomic<Bool>(false)
      let source = Observable<Int>.create { _ in
        subscribed.store(true, ordering: .relaxed)
        return Disposables.create()
      }
      let subscription = source.subscribe(on: scheduler).subscribe(onNext: { _ in })
      subscription.dispose()
      blocker.fire()
      flush(scheduler.queue)
      let didSubscribe = subscribed.load(ordering: .relaxed)
      #expect(!didSubscribe)
    }
  }

  @Test func terminalEventDisposesTheSourceOnTheScheduler() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.subscribeOn.end")
      let disposals = Atomic<Int>(0)
      let source = Observable<Int>.create { observer in
        observer.onNext(7)
        observer.onCompleted()
        return Disposables.create { disposals.add(1, ordering: .relaxed) }
      }
      let recorder = Recorder<Int>()
      let subscription = source.subscribe(on: scheduler).subscribe(recorder)
      flush(scheduler.queue)
      flush(scheduler.queue)
      #expect(recorder.events == [.next(7), .completed])
      subscription.dispose()
      flush(scheduler.queue)
      #expect(disposals.load(ordering: .relaxed) == 1)
    }
  }
}
