// The dispose barrier's payload hand-off between a runner and a closer that does not wait.

import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveEngine

@Suite(.onOwnThread) struct DisposeBarrierTests {
  /// A barrier, a second one whose callback makes the closing thread "delivering", and a payload
  /// written by the runner.
  final class Fixture: @unchecked Sendable {  // `payload` is handed over by the barrier
    let barrier = DisposeBarrier()
    let closersDelivery = DisposeBarrier()
    var payload = 0
    /// Orders the two threads without synchronizing them (relaxed): only the barrier may make
    /// the runner's write visible to the closer.
    let step = Atomic<Int>(0)
  }

  /// A closer that is delivering leaves the release to the runner (`runnerReleases`); when the
  /// runner has left by the time it calls `deferRelease()`, the closer releases the payload itself
  /// and must see everything the runner wrote before leaving. (ThreadSanitizer reports the two
  /// accesses as a data race when `deferRelease()` does not acquire; the scheduled work of a
  /// throttle disposed from a delivery hit it.)
  @Test func aReleaseLeftToARunnerThatHasLeftSeesTheRunnersWrites() {
    let fixture = Fixture()
    // What the runner saw: checked once it is done (an expectation inside would synchronize the
    // two threads through the test library and hide a missing hand-off).
    let runner = Shared<(entered: Bool, mustRelease: Bool)>((false, false))
    let runnerDone = DispatchSemaphore(value: 0)
    startThread {
      let entered = fixture.barrier.enter()
      fixture.step.store(1, ordering: .relaxed)
      _ = eventually { fixture.step.load(ordering: .relaxed) == 2 }
      fixture.payload = 42
      let mustRelease = fixture.barrier.leave()
      fixture.step.store(3, ordering: .relaxed)
      runner.value = (entered, mustRelease)
      runnerDone.signal()
    }
    let delivering = fixture.closersDelivery.enter()
    let runnerEntered = eventually { fixture.step.load(ordering: .relaxed) == 1 }
    var old = 0
    let closing = fixture.barrier.close(old: &old)
    fixture.step.store(2, ordering: .relaxed)
    let runnerLeft = eventually { fixture.step.load(ordering: .relaxed) == 3 }
    let releaseNow = fixture.barrier.deferRelease()
    let payload = fixture.payload
    _ = fixture.closersDelivery.leave()
    #expect(wait(for: runnerDone))
    #expect(delivering && runnerEntered && runnerLeft)
    #expect(runner.value.entered)
    #expect(!runner.value.mustRelease, "nobody had asked the runner to release when it left")
    #expect(closing == .runnerReleases)
    #expect(releaseNow, "the runner has left: the closer releases")
    #expect(payload == 42)
  }
}
