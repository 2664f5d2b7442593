// Blocking test bodies off the cooperative pool. Swift Testing runs every test on the cooperative
// pool, which has one thread per core (two on a small CI machine): a test that joins threads,
// waits on a semaphore or spins holds one of them for its whole run, and every async or
// @MainActor test waits behind it. Such a body runs here on a thread of its own while its test
// suspends; it stays inside its test's task (a task executor of one thread), so `#expect`,
// `withKnownIssue` and task-local values work in it as in the test itself.

import Foundation
import ReactiveCore
import ReactiveEngine
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stack size every platform gives its secondary threads (macOS: 512 KiB): code that runs in
/// constant stack fits in it whatever the input size.
public let ordinaryStackSize = 512 * 1024

/// The stack size of a main thread (8 MiB on Linux and macOS).
public let mainThreadStackSize = 8 << 20

/// A test trait: each test it applies to (every test of a suite it is given to) runs on a new
/// thread of its own, with a stack of `stackSize` bytes, while its task stays suspended off the
/// cooperative pool. For tests that block their thread: join threads, wait on semaphores or for
/// conditions, spin, run `DispatchQueue.concurrentPerform`.
///
/// At most `blockingTestLimit` such tests run at once and the others wait (suspended) for their
/// turn: they are the stress tests, and more of them at once than there are cores only makes each
/// slower and their deadlines tighter.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  public let stackSize: Int

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope holds no test body: only its tests (and their cases) take a thread.
    guard testCase != nil else { return try await function() }
    await blockingTests.acquire()
    defer { blockingTests.release() }
    let thread = OwnThreadExecutor(stackSize: stackSize)
    defer { thread.stop() }
    // The task keeps its task-local values (the current test among them), so expectations and
    // known issues inside count for this test; a synchronous test body runs on the executor.
    try await withTaskExecutorPreference(thread) { try await function() }
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Runs each test on a thread of its own, off the cooperative pool (see `OwnThreadTrait`), with
  /// the stack of a main thread.
  public static var onOwnThread: Self { onOwnThread(stackSize: mainThreadStackSize) }

  /// Runs each test on a thread of its own with a stack of `stackSize` bytes.
  public static func onOwnThread(stackSize: Int) -> Self { OwnThreadTrait(stackSize: stackSize) }
}

/// Whether the calling code runs on a thread of `OwnThreadTrait`.
public func isOnOwnThread() -> Bool {
  Thread.current.threadDictionary[ownThreadKey] != nil
}

private let ownThreadKey = "TestSupport.OwnThreadTrait"

/// How many tests of `OwnThreadTrait` run at once: one per core (at least two).
public let blockingTestLimit = max(2, ProcessInfo.processInfo.activeProcessorCount)

private let blockingTests = AsyncLimit(blockingTestLimit)

/// Runs `run` on a new detached thread with a stack of `stackSize` bytes. Long-running emitters
/// use this rather than a global queue: a spinning worker of the (small) global pool can starve the
/// queue work other tests wait for, especially under ThreadSanitizer.
public func startThread(stackSize: Int = mainThreadStackSize, _ run: @escaping @Sendable () -> Void)
{
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

/// The work of a detached thread.
private final class ThreadJob: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
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

/// A task executor that runs its jobs on one thread of its own until `stop()`.
private final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
  // `condition` guards `jobs` and `stopped`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  init(stackSize: Int) {
    startThread(stackSize: stackSize) { [self] in run() }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.withLock {
      jobs.append(job)
      condition.signal()
    }
  }

  /// Lets the thread end once it has run the jobs it was given.
  func stop() {
    condition.withLock {
      stopped = true
      condition.signal()
    }
  }

  private func run() {
    Thread.current.threadDictionary[ownThreadKey] = true
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// A limit on how many tasks pass at once; the others wait suspended, in arrival order.
private final class AsyncLimit: Sendable {
  private struct State {
    var available: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Locked<State>

  init(_ limit: Int) { state = Locked(State(available: limit)) }

  func acquire() async {
    await withCheckedContinuation { continuation in
      let passes = state.withLock { state -> Bool in
        guard state.available > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.available -= 1
        return true
      }
      if passes { continuation.resume() }
    }
  }

  func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.available += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
