// Testing a dispose barrier: a `dispose()` from a thread that is not delivering must wait for a
// callback running on another thread, and return only once it has finished.

import Dispatch
import Synchronization
import Testing

/// A subscription callback that, once it runs, holds its thread until the test releases it. Call
/// `run()` from inside the callback under test, then `disposeWhileRunning(start:dispose:isClosed:)`.
public final class BlockingCallback: @unchecked Sendable {  // semaphores and an atomic
  private let entered = DispatchSemaphore(value: 0)
  private let release = DispatchSemaphore(value: 0)
  private let finished = Atomic<Bool>(false)

  public init() {}

  /// The body of the callback under test: announces itself, waits to be released, finishes.
  public func run() {
    entered.signal()
    release.wait()
    finished.store(true, ordering: .releasing)
  }

  /// What `disposeWhileRunning` saw. Each is `true` when the barrier behaves.
  public struct Observation: Sendable {
    /// The callback started (`start` made it run).
    public var callbackStarted = false
    /// `dispose()` closed the subscription while the callback still ran (it is then waiting).
    public var closedWhileRunning = false
    /// `dispose()` returned once the callback was released.
    public var disposeReturned = false
    /// `start` returned once the callback was released.
    public var startReturned = false
    /// The callback had finished when `dispose()` returned.
    public var callbackFinishedBeforeDisposeReturned = false

    /// Expects each of the above, reported at the caller's line.
    public func expectTheBarrierHeld(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(callbackStarted, sourceLocation: sourceLocation)
      #expect(closedWhileRunning, sourceLocation: sourceLocation)
      #expect(disposeReturned, sourceLocation: sourceLocation)
      #expect(startReturned, sourceLocation: sourceLocation)
      #expect(callbackFinishedBeforeDisposeReturned, sourceLocation: sourceLocation)
    }
  }

  /// Calls `start` on another thread (it must make the callback run there), and once the callback
  /// runs, `dispose` on a third thread; releases the callback once `isClosed()` says `dispose`
  /// has closed the subscription. Every wait is for an event, with the generous deadline as a
  /// safety net.
  public func disposeWhileRunning(
    start: @escaping @Sendable () -> Void, dispose: @escaping @Sendable () -> Void,
    isClosed: () -> Bool
  ) -> Observation {
    var observation = Observation()
    let started = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      start()
      started.signal()
    }
    observation.callbackStarted = wait(for: entered)
    guard observation.callbackStarted else { return observation }
    let disposed = DispatchSemaphore(value: 0)
    let finishedWhenDisposeReturned = Atomic<Bool>(false)
    DispatchQueue.global().async {
      dispose()
      finishedWhenDisposeReturned.store(
        self.finished.load(ordering: .acquiring), ordering: .releasing)
      disposed.signal()
    }
    // `dispose()` is now blocked on the running callback; let it finish.
    observation.closedWhileRunning = eventually(isClosed)
    release.signal()
    observation.disposeReturned = wait(for: disposed)
    observation.startReturned = wait(for: started)
    observation.callbackFinishedBeforeDisposeReturned =
      finishedWhenDisposeReturned.load(ordering: .acquiring)
    return observation
  }
}
