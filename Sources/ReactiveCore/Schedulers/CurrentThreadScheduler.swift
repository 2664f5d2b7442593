/// Runs work on the calling thread as a trampoline: the first `schedule` on a thread runs its
/// action at once; a `schedule` made while that action (or anything it scheduled) is running is
/// queued and runs after it, in order, before the outermost `schedule` returns.
///
/// This turns recursion into iteration: a recursive producer cannot overflow the stack, and work
/// scheduled from inside work runs in first-in, first-out order.
///
/// ```swift
/// let scheduler = CurrentThreadScheduler.instance
/// _ = scheduler.schedule {
///   _ = scheduler.schedule { print("second") }
///   print("first")
/// }
/// // Prints: first
/// // Prints: second
/// ```
///
/// It is the package's one per-thread trampoline (`Trampoline`, in Internal/Delivery/), the one
/// that every `subscribe` made while it is idle starts, as in RxSwift: the synchronous generators
/// (`of`, `from`, `range`, `repeatElement`, `generate`) queue their elements on it and take turns.
///
/// Thread safety: each thread has its own queue (kept in a pthread key, no Foundation), so any
/// thread may use the scheduler; work never moves to another thread. Disposing a queued item
/// before it runs skips it.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  init() {}

  /// `true` when nothing is running on this thread's trampoline, so `schedule` would run its
  /// action at once; `false` inside a scheduled action (where `schedule` queues).
  public static var isScheduleRequired: Bool { !Trampoline.isActive }

  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if Trampoline.isActive {
      let work = ScheduledAction(state, action: action)
      Trampoline.current.enqueue(work)
      return work
    }
    return Trampoline.activate { action(state) }
  }
}

extension ScheduledAction: TrampolineItem {
  func run(on trampoline: Trampoline?) { run() }
}
