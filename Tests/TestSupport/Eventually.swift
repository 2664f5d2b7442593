// Waiting in tests: for a condition that another thread or task will make true. The deadline is
// only a safety net against a hang, so it is generous: on a loaded 2-core machine under
// ThreadSanitizer, a task can wait tens of seconds for a thread of the cooperative pool while
// other tests block theirs. A test never waits for wall-clock time itself.

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The safety net of every wait in the tests.
public let generousDeadline: Duration = .seconds(300)

/// Waits, on this thread, until `condition` holds; `false` if it did not within `timeout`.
/// Yields the CPU between checks (spinning briefly, then sleeping 50 µs).
public func eventually(timeout: Duration = generousDeadline, _ condition: () -> Bool) -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var round = 0
  while !condition() {
    if clock.now >= deadline { return false }
    if round < 64 { sched_yield() } else { usleep(50) }
    round += 1
  }
  return true
}

/// Waits, suspending the task, until `condition` holds; `false` if it did not within `timeout`.
public func eventually(
  timeout: Duration = generousDeadline, _ condition: @Sendable () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    if clock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// Waits, on this thread, until `semaphore` is signalled; `false` if it was not within `timeout`.
public func wait(for semaphore: DispatchSemaphore, timeout: Duration = generousDeadline) -> Bool {
  let (seconds, attoseconds) = timeout.components
  let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  return semaphore.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
}
