import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct SchedulerSequenceTests {
  @Test func justOfAndFromOnTheCurrentThreadScheduler() {
    expectNoLeaks {
      let scheduler = CurrentThreadScheduler.instance
      let a = Recorder<Int>()
      let b = Recorder<Int>()
      let c = Recorder<Int>()
      _ = Observable.just(1, scheduler: scheduler).subscribe(a)
      _ = Observable.of(1, 2, 3, scheduler: scheduler).subscribe(b)
      _ = Observable.from([4, 5], scheduler: scheduler).subscribe(c)
      #expect(a.events == [.next(1), .completed])
      #expect(b.events == [.next(1), .next(2), .next(3), .completed])
      #expect(c.events == [.next(4), .next(5), .completed])
    }
  }

  @Test func eachElementIsASeparateStep() {
    expectNoLeaks {
      // Two scheduled sequences on one trampoline interleave step by step.
      let scheduler = CurrentThreadScheduler.instance
      var log: [String] = []
      _ = scheduler.schedule {
        _ = Observable.of(1, 2, 3, scheduler: scheduler).subscribe(
          onNext: { log.append("a\($0)") }, onCompleted: { log.append("a|") })
        _ = Observable.of(1, 2, scheduler: scheduler).subscribe(
          onNext: { log.append("b\($0)") }, onCompleted: { log.append("b|") })
      }
      #expect(log == ["a1", "b1", "a2", "b2", "a3", "b|", "a|"])
    }
  }

  @Test func runsOnADispatchQueueInOrder() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let recorder = Recorder<Int>()
      let done = Semaphore()
      let subscription = Observable.from(0..<500, scheduler: scheduler).subscribe(
        onNext: { recorder.on(.next($0)) }, onCompleted: { done.fire() })
      #expect(done.wait())
      #expect(recorder.elements == Array(0..<500))
      subscription.dispose()
      #expect(resourcesSettle(heldByTest: 1))
    }
  }

  @Test func disposingStopsBeforeTheNextStep() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.from.dispose")
      let seen = Shared<[Int]>([])
      let holder = Shared<Disposable?>(nil)
      let gate = Semaphore()
      holder.value = Observable.from(0..<1_000, scheduler: scheduler).subscribe(onNext: { value in
        _ = gate.wait()
        seen.mutate { $0.append(value) }
        if value == 4 { holder.value?.dispose() }
        gate.fire()
      })
      gate.fire()
      #expect(eventually { seen.read(\.count) >= 5 })
      flush(scheduler.queue)
      flush(scheduler.queue)
      #expect(seen.value == [0, 1, 2, 3, 4])
      holder.value = nil
      #expect(resourcesSettle())
    }
  }

  @Test func infiniteSequenceOnAQueueStopsWhenDisposedFromOutside() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.from.infinite")
      let count = Atomic<Int>(0)
      let subscription = Observable.from(0..., scheduler: scheduler).subscribe(onNext: { _ in
        count.add(1, ordering: .relaxed)
      })
      #expect(eventually { count.load(ordering: .relaxed) >= 100 })
      subscription.dispose()
      flush(scheduler.queue)
      let stopped = count.load(ordering: .relaxed)
      flush(scheduler.queue)
      #expect(count.load(ordering: .relaxed) == stopped)
      #expect(resourcesSettle(heldByTest: 1))
    }
  }
}

@Suite struct ScheduledRangeTests {
  @Test func rangeOnASchedulerEmitsEachIntegerAsAStep() {
    expectNoLeaks {
      let scheduler = CurrentThreadScheduler.instance
      let recorder = Recorder<Int>()
      _ = Observable.range(start: 3, count: 3, scheduler: scheduler).subscribe(recorder)
      #expect(recorder.events == [.next(3), .next(4), .next(5), .completed])
      let empty = Recorder<UInt8>()
      _ = Observable<UInt8>.range(start: 250, count: 0, scheduler: scheduler).subscribe(empty)
      #expect(empty.events == [.completed])
      let top = Recorder<UInt8>()
      _ = Observable<UInt8>.range(start: 254, count: 2, scheduler: scheduler).subscribe(top)
      #expect(top.events == [.next(254), .next(255), .completed])
    }
  }
}
