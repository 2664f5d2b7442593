// Running a test body that might hang or overflow the stack on its own thread: the test waits for it
// with the heavy deadline (the bodies run deep chains or many rounds) and fails instead of hanging
// the suite.

import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stack size every platform gives its secondary threads (macOS: 512 KiB): code that runs in
/// constant stack fits in it whatever the input size.
let ordinaryStackSize = 512 * 1024

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

/// Where the watched thread leaves its result.
final class WatchdogResult<T: Sendable>: Sendable {
  let value = Mutex<T?>(nil)
}

/// The work of a detached thread.
private final class ThreadJob: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

func startThread(stackSize: Int, _ run: @escaping @Sendable () -> Void) {
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setstacksize(&attributes, stackSize)
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  let job = Unmanaged.passRetained(ThreadJob(run)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
    let rc = pthread_create(&thread, &attributes, runThreadJob, job)
  #else
    var thread = pthread_t()
    let rc = pthread_create(&thread, &attributes, runThreadJob, job)
  #endif
  precondition(rc == 0, "pthread_create failed: \(rc)")
}

#if canImport(Darwin)
  private func runThreadJob(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadJob>.fromOpaque(pointer).takeRetainedValue().run()
    return nil
  }
#else
  private func runThreadJob(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadJob>.fromOpaque(pointer!).takeRetainedValue().run()
    return nil
  }
#endif
