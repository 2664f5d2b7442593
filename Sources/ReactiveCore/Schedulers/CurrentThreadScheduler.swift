#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// Thread safety: each thread has its own queue (kept in a pthread key, no Foundation), so any
/// thread may use the scheduler; work never moves to another thread. Disposing a queued item
/// before it runs skips it.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  init() {}

  /// `true` when nothing is running on this thread's trampoline, so `schedule` would run its
  /// action at once; `false` inside a scheduled action (where `schedule` queues).
  public static var isScheduleRequired: Bool { !Trampoline.current.isRunning }

  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let trampoline = Trampoline.current
    if trampoline.isRunning {
      let work = ScheduledAction(state, action: action)
      trampoline.queue.append(work)
      return work
    }
    trampoline.isRunning = true
    let disposable = action(state)
    while let next = trampoline.queue.popFirst() {
      next.run()
    }
    trampoline.isRunning = false
    return disposable
  }
}

/// Something a trampoline can run later.
protocol TrampolineItem: AnyObject {
  func run()
}

extension ScheduledAction: TrampolineItem {}

/// The per-thread state of `CurrentThreadScheduler`: whether a trampoline is running on this thread
/// and what is queued behind it. Created once per thread, released when the thread exits.
final class Trampoline {
  // Touched only by its own thread (it lives in a thread-specific key).
  var isRunning = false
  var queue = FIFO<any TrampolineItem>()

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let rc = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<Trampoline>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<Trampoline>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(rc == 0, "pthread_key_create failed: \(rc)")
    return key
  }()

  /// This thread's trampoline.
  static var current: Trampoline {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }
    let trampoline = Trampoline()
    pthread_setspecific(key, Unmanaged.passRetained(trampoline).toOpaque())
    return trampoline
  }
}
