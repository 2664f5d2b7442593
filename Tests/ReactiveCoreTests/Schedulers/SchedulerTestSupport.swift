import Dispatch
import Foundation
import ReactiveEngine
import Synchronization
@_exported import TestSupport

@testable import ReactiveCore

/// Signals once; `wait()` returns `true` when it was signalled within `localDeadline`.
final class Semaphore: @unchecked Sendable {  // DispatchSemaphore is thread-safe
  private let semaphore = DispatchSemaphore(value: 0)
  init() {}
  func fire() { semaphore.signal() }
  func wait() -> Bool { TestSupport.wait(for: semaphore) }
}

/// Runs on `queue` after everything already submitted to it (serial queues only).
func flush(_ queue: DispatchQueue) {
  queue.sync {}
}

/// The current thread, for comparing where work ran.
func threadID() -> UInt { currentThreadID() }

/// Inside `expectNoLeaks`: waits (up to `localDeadline`) until work that signalled the test from a
/// queue has also returned and released its resources; `true` once the scope is down to
/// `heldByTest` (resources the test body itself still references, such as a disposed
/// subscription object in a local variable).
func resourcesSettle(heldByTest: Int = 0) -> Bool {
  eventually { (Resources.scope?.live ?? 0) == heldByTest }
}
