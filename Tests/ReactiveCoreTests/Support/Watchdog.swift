// Running a test body that might hang or overflow the stack on its own thread: the test waits for it
// with the heavy deadline (the bodies run deep chains or many rounds) and fails instead of hanging
// the suite.

import ReactiveCore
import ReactiveEngine
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits until it returns;
/// records a failure and returns `nil` if it does not return within `timeout` (the thread is then
/// left running: the suite goes on).
@discardableResult
func withWatchdog<T: Sendable>(
  stackSize: Int = ordinaryStackSize,
  timeout: Duration = heavyDeadline,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () -> T
) -> T? {
  let result = WatchdogResult<T>()
  startThread(stackSize: stackSize) {
    let value = body()
    result.value.withLock { $0 = value }
  }
  let finished = eventually(timeout: timeout) { result.value.withLock { $0 != nil } }
  #expect(finished, "the body did not finish: it hangs", sourceLocation: sourceLocation)
  return result.value.withLock { $0 }
}

/// Where the watched thread leaves its result. A pthread-based `Locked`, not `Mutex`: under
/// contention `Mutex` hands off inside the runtime, where ThreadSanitizer does not see it.
final class WatchdogResult<T: Sendable>: Sendable {
  let value = Locked<T?>(nil)
}
