import ReactiveEngine

/// Sleeping on a scheduler's clock from async code.
extension SchedulerType {
  /// Suspends the current task for `dueTime` on this scheduler's clock: real time on a dispatch
  /// or main scheduler, virtual time on a `TestScheduler` (the task resumes when the test
  /// advances the clock past the due time, so tests never sleep for real).
  ///
  /// ```swift
  /// // An effect of ReactiveMVI that ticks every second on `scheduler`'s clock:
  /// enum Tick { case tick }
  /// func ticking(on scheduler: some SchedulerType) -> Effect<Tick, Never> {
  ///   .run { send in
  ///     while true {
  ///       try await scheduler.sleep(for: .seconds(1))
  ///       send(.tick)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Throws: `CancellationError` when the task is cancelled (before or while sleeping); the
  ///   scheduled wake-up is disposed at once.
  public func sleep(for dueTime: RxTimeInterval) async throws {
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        guard sleeper.start(continuation) else { return }
        let wakeUp = scheduleRelative(sleeper, dueTime: dueTime) { sleeper in
          sleeper.finish(with: nil)
          return Disposables.create()
        }
        sleeper.setWakeUp(wakeUp)
      }
    } onCancel: {
      sleeper.finish(with: CancellationError())
    }
  }
}

/// One sleep: its continuation and scheduled wake-up, resumed exactly once (by the wake-up or by
/// cancellation, whichever comes first).
private final class Sleeper: @unchecked Sendable {  // all state under `state`'s lock
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var wakeUp: (any Disposable)?
    var outcome: (any Error)??  // set once: .some(nil) woke up, .some(error) cancelled
  }

  private let state = Locked(State())

  /// Stores the continuation; resumes it at once (and returns false) if already cancelled.
  func start(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let outcome = state.withLock { state -> (any Error)?? in
      if let outcome = state.outcome { return .some(outcome) }
      state.continuation = continuation
      return nil
    }
    guard let outcome else { return true }
    if let error = outcome { continuation.resume(throwing: error) } else { continuation.resume() }
    return false
  }

  func setWakeUp(_ wakeUp: any Disposable) {
    let cancelled = state.withLock { state -> Bool in
      if state.outcome != nil { return true }
      state.wakeUp = wakeUp
      return false
    }
    if cancelled { wakeUp.dispose() }
  }

  /// Ends the sleep with `error` (nil: woke up); later calls do nothing.
  func finish(with error: (any Error)?) {
    let (continuation, wakeUp) = state.withLock {
      state -> (CheckedContinuation<Void, any Error>?, (any Disposable)?) in
      guard state.outcome == nil else { return (nil, nil) }
      state.outcome = .some(error)
      defer {
        state.continuation = nil
        state.wakeUp = nil
      }
      return (state.continuation, state.wakeUp)
    }
    if error != nil { wakeUp?.dispose() }
    guard let continuation else { return }
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}
