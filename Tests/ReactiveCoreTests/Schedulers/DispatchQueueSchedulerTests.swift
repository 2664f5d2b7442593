import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(.onOwnThread) struct DispatchQueueSchedulerTests {
  @Test func serialSchedulerRunsInOrderOnItsQueue() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
      let log = Shared<[Int]>([])
      let callerThread = threadID()
      let offThread = Shared(true)
      let done = Semaphore()
      for i in 0..<100 {
        _ = scheduler.schedule {
          if threadID() == callerThread { offThread.value = false }
          log.mutate { $0.append(i) }
          if i == 99 { done.fire() }
        }
      }
      #expect(done.wait())
      flush(scheduler.queue)
      #expect(log.value == Array(0..<100))
      #expect(offThread.value)
    }
  }

  @Test func qosAndTargetQueueInitializersProduceSerialSchedulers() {
    expectNoLeaks {
      let schedulers = [
        SerialDispatchQueueScheduler(qos: .userInitiated),
        SerialDispatchQueueScheduler(queue: .global(), internalSerialQueueName: "test.target"),
      ]
      for scheduler in schedulers {
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        for _ in 0..<200 {
          _ = scheduler.schedule {
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
              overlaps.add(1, ordering: .relaxed)
            }
            count.add(1, ordering: .relaxed)
            inside.subtract(1, ordering: .acquiringAndReleasing)
          }
        }
        flush(scheduler.queue)
        #expect(count.load(ordering: .relaxed) == 200)
        #expect(overlaps.load(ordering: .relaxed) == 0)
      }
    }
  }

  @Test func disposedWorkNeverRuns() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.cancel")
      let gate = Semaphore()
      let ran = Atomic<Bool>(false)
      _ = scheduler.schedule { _ = gate.wait() }  // hold the queue
      let work = scheduler.schedule { ran.store(true, ordering: .relaxed) }
      work.dispose()
      gate.fire()
      flush(scheduler.queue)
      let didRun = ran.load(ordering: .relaxed)
      #expect(!didRun)
    }
  }

  @Test func disposingWaitsForAnActionInProgress() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let started = Semaphore()
      let finished = Atomic<Bool>(false)
      let work = scheduler.schedule {
        started.fire()
        for _ in 0..<1_000 { sched_yield() }
        finished.store(true, ordering: .releasing)
      }
      #expect(started.wait())
      work.dispose()
      let didFinish = finished.load(ordering: .acquiring)
      #expect(didFinish)
    }
  }

  @Test func disposingFromInsideTheActionDoesNotDeadlock() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.self-dispose")
      let holder = Shared<Disposable?>(nil)
      let done = Semaphore()
      let gate = Semaphore()
      holder.value = scheduler.schedule {
        _ = gate.wait()
        holder.value?.dispose()
        done.fire()
      }
      gate.fire()
      #expect(done.wait())
      flush(scheduler.queue)
      holder.value = nil
    }
  }

  @Test func actionResultIsDisposedWithTheWork() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.result")
      let disposed = Atomic<Int>(0)
      let work = scheduler.schedule(()) { _ in
        Disposables.create { disposed.add(1, ordering: .relaxed) }
      }
      flush(scheduler.queue)
      #expect(disposed.load(ordering: .relaxed) == 0)
      work.dispose()
      work.dispose()
      #expect(disposed.load(ordering: .relaxed) == 1)
    }
  }

  @Test func scheduleRelativeRunsLaterOnTheQueue() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.relative")
      let order = Shared<[String]>([])
      let done = Semaphore()
      let clock = ContinuousClock()
      let scheduled = clock.now
      let ranAfter = Shared<Duration?>(nil)
      _ = scheduler.scheduleRelative(.milliseconds(30)) {
        ranAfter.value = clock.now - scheduled
        order.mutate { $0.append("later") }
        done.fire()
      }
      _ = scheduler.schedule { order.mutate { $0.append("now") } }
      #expect(done.wait())
      // Not before its due time (a lower bound only: a loaded machine may run it later, even
      // after work scheduled "now" from a descheduled test thread, so no order is asserted
      // against that).
      #expect(ranAfter.value.map { $0 >= .milliseconds(30) } == true)
      flush(scheduler.queue)
      #expect(Set(order.value) == ["now", "later"])
      flush(scheduler.queue)
    }
  }

  @Test func scheduleRelativeCanBeCancelled() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let ran = Atomic<Bool>(false)
      let work = scheduler.scheduleRelative(.milliseconds(20)) {
        ran.store(true, ordering: .relaxed)
      }
      work.dispose()
      // A later timer on the same kind of queue has fired: the cancelled one would have by now.
      let probe = Semaphore()
      _ = scheduler.scheduleRelative(.milliseconds(60)) { probe.fire() }
      #expect(probe.wait())
      let didRun = ran.load(ordering: .relaxed)
      #expect(!didRun)
      #expect(resourcesSettle())
    }
  }

  @Test func neverDueTimeNeverRuns() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let work = scheduler.scheduleRelative(.never) { Issue.record("ran") }
      work.dispose()
    }
  }

  @Test func periodicPassesStateAndStopsOnDispose() {
    expectNoLeaks {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.periodic")
      let states = Shared<[Int]>([])
      let reachedFive = Semaphore()
      let afterDispose = Atomic<Bool>(false)
      let violations = Atomic<Int>(0)
      let work = scheduler.schedulePeriodic(
        0, startAfter: .milliseconds(1), period: .milliseconds(2)
      ) { state in
        if afterDispose.load(ordering: .acquiring) { violations.add(1, ordering: .relaxed) }
        let count = states.mutate {
          $0.append(state)
          return $0.count
        }
        if count == 5 { reachedFive.fire() }
        return state + 1
      }
      #expect(reachedFive.wait())
      work.dispose()
      afterDispose.store(true, ordering: .releasing)
      // Give a live timer ample opportunity to fire again.
      let probe = Semaphore()
      _ = scheduler.scheduleRelative(.milliseconds(30)) { probe.fire() }
      #expect(probe.wait())
      flush(scheduler.queue)
      #expect(violations.load(ordering: .relaxed) == 0)
      let seen = states.value
      #expect(seen == Array(0..<seen.count))
      #expect(seen.count >= 5)
    }
  }

  @Test func periodicCanDisposeItselfFromInsideATick() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let holder = Shared<Disposable?>(nil)
      let ticks = Atomic<Int>(0)
      let stopped = Semaphore()
      let ready = Semaphore()
      holder.value = scheduler.schedulePeriodic(
        (), startAfter: .milliseconds(1), period: .milliseconds(1)
      ) {
        _ = ready.wait()
        if ticks.add(1, ordering: .relaxed).newValue == 3 {
          holder.value?.dispose()
          stopped.fire()
        }
      }
      ready.fire()
      ready.fire()
      ready.fire()
      #expect(stopped.wait())
      let probe = Semaphore()
      _ = scheduler.scheduleRelative(.milliseconds(30)) { probe.fire() }
      #expect(probe.wait())
      #expect(ticks.load(ordering: .relaxed) == 3)
      holder.value = nil
      #expect(resourcesSettle())
    }
  }

  @Test func concurrentSchedulerRunsOnSeveralThreads() {
    expectNoLeaks {
      let scheduler = ConcurrentDispatchQueueScheduler(queue: .global())
      let count = Atomic<Int>(0)
      let all = Semaphore()
      for _ in 0..<1_000 {
        _ = scheduler.schedule {
          if count.add(1, ordering: .relaxed).newValue == 1_000 { all.fire() }
        }
      }
      #expect(all.wait())
      #expect(resourcesSettle())
    }
  }

  @Test func resourcesCreatedByScheduledWorkAreChargedToTheScheduler() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.scope")
    let relay = PublishRelay<Int>()
    let (_, direct) = Resources.tracking { _ = relay.subscribe(onNext: { _ in }) }
    let (_, live) = Resources.tracking {
      _ = scheduler.schedule {
        // A subscription made on the queue is charged to this test's scope.
        _ = relay.subscribe(onNext: { _ in })
      }
      flush(scheduler.queue)
    }
    #expect(direct > 0)
    #expect(live == direct)
  }

  @Test func nowIsTheWallClock() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let before = RxTime()
    let now = scheduler.now
    #expect(now >= before)
  }
}
