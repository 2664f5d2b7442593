import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

/// The test process services the main queue (Swift Testing's entry point runs the main actor on
/// the main queue), so these tests drive `MainScheduler` for real: hop to the main thread with
/// `MainActor.run`, or schedule from a background thread and wait for the main queue.
// Serialized: `MainScheduler.instance` runs work at once only while nothing of its own is queued,
// so these tests must not overlap each other.
@Suite(.onOwnThread, .serialized) struct MainSchedulerTests {
  @Test func mainQueueIsServicedInTheTestProcess() {
    let ran = Semaphore()
    let onMain = Shared(false)
    DispatchQueue.main.async {
      onMain.value = MainScheduler.isMainThread
      ran.fire()
    }
    #expect(ran.wait())
    #expect(onMain.value)
  }

  @Test func backgroundThreadIsNotMain() {
    let result = Shared(true)
    DispatchQueue.global().async(
      execute: DispatchWorkItem {
        result.value = MainScheduler.isMainThread
      })
    // The global queue runs the item on a worker thread.
    #expect(eventually { !result.value })
  }

  @Test func scheduleFromABackgroundThreadRunsOnTheMainThread() {
    expectNoLeaks {
      let done = Semaphore()
      let onMain = Shared(false)
      let caller = Semaphore()
      startThread {
        _ = MainScheduler.instance.schedule {
          onMain.value = MainScheduler.isMainThread
          done.fire()
        }
        caller.fire()
      }
      #expect(caller.wait())
      #expect(done.wait())
      #expect(onMain.value)
      #expect(resourcesSettle())
    }
  }

  @Test @MainActor func scheduleOnTheMainThreadRunsAtOnce() {
    #expect(MainScheduler.isMainThread)
    MainScheduler.ensureRunningOnMainThread()
    MainScheduler.ensureExecutingOnScheduler()
    var log: [String] = []
    // A scheduler of its own: `MainScheduler.instance` is shared with tests running in parallel,
    // and runs work at once only when none of its own is queued.
    _ = MainScheduler().schedule { log.append("ran") }
    log.append("after")
    #expect(log == ["ran", "after"])
  }

  @Test @MainActor func nestedScheduleOnTheMainThreadGoesBehindTheCurrentAction() async {
    let log = Shared<[String]>([])
    let scheduler = MainScheduler()  // its own queue count, unlike the shared instance
    _ = scheduler.schedule {
      _ = scheduler.schedule { log.mutate { $0.append("nested") } }
      log.mutate { $0.append("outer") }
    }
    #expect(log.value == ["outer"])
    // The nested action runs once the main queue gets to it (this task suspends meanwhile).
    #expect(await eventually { log.read(\.count) == 2 })
    #expect(log.value == ["outer", "nested"])
  }

  @Test @MainActor func asyncInstanceAlwaysGoesThroughTheQueue() async {
    let log = Shared<[String]>([])
    _ = MainScheduler.asyncInstance.schedule { log.mutate { $0.append("ran") } }
    log.mutate { $0.append("after") }
    #expect(log.value == ["after"])
    #expect(await eventually { log.read(\.count) == 2 })
    #expect(log.value == ["after", "ran"])
  }

  @Test func observeOnMainDeliversOnTheMainThreadInOrder() {
    expectNoLeaks {
      do {
        let relay = PublishRelay<Int>()
        let seen = Shared<[Int]>([])
        let allOnMain = Shared(true)
        let done = Semaphore()
        let subscription = relay.observe(on: MainScheduler.instance).subscribe(onNext: { value in
          if !MainScheduler.isMainThread { allOnMain.value = false }
          if seen.mutate({
            $0.append(value)
            return $0.count
          }) == 100 {
            done.fire()
          }
        })
        startThread {
          for i in 0..<100 { relay.accept(i) }
        }
        #expect(done.wait())
        #expect(seen.value == Array(0..<100))
        #expect(allOnMain.value)
        subscription.dispose()
      }
      #expect(resourcesSettle())
    }
  }

  @Test func relativeAndPeriodicWorkRunOnTheMainThread() {
    expectNoLeaks {
      let done = Semaphore()
      let relativeRan = Semaphore()
      let onMain = Shared(true)
      let ticks = Shared(0)
      _ = MainScheduler.instance.scheduleRelative(.milliseconds(5)) {
        if !MainScheduler.isMainThread { onMain.value = false }
        relativeRan.fire()
      }
      let periodic = MainScheduler.instance.schedulePeriodic(
        0, startAfter: .milliseconds(1), period: .milliseconds(2)
      ) { n in
        if !MainScheduler.isMainThread { onMain.value = false }
        if ticks.mutate({
          $0 += 1
          return $0
        }) == 3 {
          done.fire()
        }
        return n + 1
      }
      #expect(done.wait())
      #expect(relativeRan.wait())
      periodic.dispose()
      #expect(onMain.value)
      #expect(resourcesSettle())
    }
  }
}
