import Dispatch
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct CurrentThreadSchedulerTests {
  let scheduler = CurrentThreadScheduler.instance

  @Test func runsAtOnceOutsideATrampoline() {
    expectNoLeaks {
      #expect(CurrentThreadScheduler.isScheduleRequired)
      var ran = false
      _ = scheduler.schedule { ran = true }
      #expect(ran)
      #expect(CurrentThreadScheduler.isScheduleRequired)
    }
  }

  @Test func nestedScheduleIsQueuedAndRunsInOrderAfterTheCurrentAction() {
    expectNoLeaks {
      var log: [String] = []
      _ = scheduler.schedule {
        #expect(!CurrentThreadScheduler.isScheduleRequired)
        log.append("outer start")
        _ = scheduler.schedule {
          log.append("a")
          _ = scheduler.schedule { log.append("c") }
        }
        _ = scheduler.schedule { log.append("b") }
        log.append("outer end")
      }
      #expect(log == ["outer start", "outer end", "a", "b", "c"])
      #expect(CurrentThreadScheduler.isScheduleRequired)
    }
  }

  @Test func disposedQueuedItemIsSkipped() {
    expectNoLeaks {
      var log: [String] = []
      _ = scheduler.schedule {
        let item = scheduler.schedule { log.append("skipped") }
        _ = scheduler.schedule { log.append("runs") }
        item.dispose()
      }
      #expect(log == ["runs"])
    }
  }

  @Test func deepRecursionDoesNotGrowTheStack() {
    expectNoLeaks {
      var count = 0
      let disposable = scheduler.scheduleRecursive(0) { value, recurse in
        count += 1
        if value < 200_000 { recurse(value + 1) }
      }
      #expect(count == 200_001)
      disposable.dispose()
    }
  }

  @Test func eachThreadHasItsOwnTrampoline() {
    let scheduler = self.scheduler
    let results = Shared<[Bool]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      var inner = false
      _ = scheduler.schedule {
        // Another thread's running trampoline must not make this thread queue.
        _ = scheduler.schedule { inner = true }
      }
      results.mutate { $0.append(inner && CurrentThreadScheduler.isScheduleRequired) }
    }
    #expect(results.value == [true, true, true, true])
  }

  @Test func scheduledWorkIsChargedToTheSchedulingScope() {
    let (_, live) = Resources.tracking {
      _ = scheduler.schedule {
        _ = scheduler.schedule {}
      }
    }
    #expect(live == 0)
  }
}
