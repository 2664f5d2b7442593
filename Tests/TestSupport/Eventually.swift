// Waiting in tests: for a condition that another thread or task will make true. A test never
// waits for wall-clock time itself; the deadline is only a safety net, sized to what is awaited
// so that a regression fails in seconds rather than hanging:
// - `localDeadline` (the default): an event of this process with no heavy work before it;
// - `heavyDeadline`: a child process, or a stress run of many rounds.
// Both scale with `deadlineScale` (ThreadSanitizer runs code 5-10x slower).

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much longer every deadline is in this run: `TEST_DEADLINE_SCALE` from the environment if
/// set (a positive number), else 10 under ThreadSanitizer, else 1.
public let deadlineScale: Double = {
  if let text = getenv("TEST_DEADLINE_SCALE"), let scale = Double(String(cString: text)),
    scale > 0
  {
    return scale
  }
  return isUnderThreadSanitizer ? 10 : 1
}()

/// Whether ThreadSanitizer's runtime is linked into this process (deadlines stretch, stress tests
/// run fewer rounds: every memory access is instrumented there).
public let isUnderThreadSanitizer: Bool = {
  #if canImport(Glibc)
    let process = dlopen(nil, RTLD_NOW)
    defer { if let process { dlclose(process) } }
    return dlsym(process, "__tsan_init") != nil
  #else
    return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil  // RTLD_DEFAULT
  #endif
}()

/// The safety net for an event of this process with no heavy work before it: a few seconds of
/// scheduling delay on a loaded machine, not more.
public let localDeadline: Duration = .seconds(10) * deadlineScale

/// The safety net for a child process to run, or for a stress run of many rounds.
public let heavyDeadline: Duration = .seconds(300) * deadlineScale

/// Waits, on this thread, until `condition` holds; `false` if it did not within `timeout`.
/// Yields the CPU between checks (spinning briefly, then sleeping 50 µs).
public func eventually(timeout: Duration = localDeadline, _ condition: () -> Bool) -> Bool {
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
  timeout: Duration = localDeadline, _ condition: @Sendable () -> Bool
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
public func wait(for semaphore: DispatchSemaphore, timeout: Duration = localDeadline) -> Bool {
  semaphore.wait(timeout: dispatchTime(after: timeout)) == .success
}

/// Waits, on this thread, until all of `group`'s work has finished; `false` if it had not within
/// `timeout`.
public func wait(for group: DispatchGroup, timeout: Duration = localDeadline) -> Bool {
  group.wait(timeout: dispatchTime(after: timeout)) == .success
}

private func dispatchTime(after timeout: Duration) -> DispatchTime {
  let (seconds, attoseconds) = timeout.components
  return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
}
