import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs work on the main thread: at once when called on the main thread with nothing of its own
/// already queued, otherwise asynchronously on the main queue.
///
/// Use it to get back to the main thread for UI work, usually with `observe(on:)`. Work scheduled
/// from the main thread while earlier work is still queued goes behind it, so order is kept.
/// `MainScheduler.asyncInstance` always goes through the main queue, even on the main thread.
///
/// ```swift
/// final class Label { var text = "" }   // stands in for a UILabel
/// let label = Label()
/// let results = Observable.of("a", "b")
/// results
///   .observe(on: MainScheduler.instance)
///   .subscribe(onNext: { label.text = $0 })
///   .disposed(by: bag)
/// ```
///
/// On Linux the main queue only runs when the main thread services it: `dispatchMain()`, a
/// `@main` type with an `async` `main()`, or a run loop. A command-line program whose main thread
/// just blocks never runs work sent to the main queue.
///
/// Thread safety: may be used from any thread; see `SerialDispatchQueueScheduler` for the disposal
/// guarantee of queued work. RxSwift difference: `MainScheduler` is a final class of its own, not a
/// subclass of `SerialDispatchQueueScheduler`; `asyncInstance` is a `SerialDispatchQueueScheduler`.
public final class MainScheduler: SchedulerType, Sendable {
  let configuration = DispatchQueueConfiguration(
    queue: .main, leeway: .nanoseconds(0))
  /// Actions sent to the main queue that have not finished yet.
  let numberEnqueued = Atomic<Int>(0)

  /// Creates a main-thread scheduler with its own count of queued work.
  ///
  /// A scheduler of its own runs work at once on the main thread whatever other schedulers
  /// have queued: `Binder` and every `Driver`/`Signal` step make one each (as RxCocoa does), so
  /// their main-thread work never waits behind one another's, nor behind `instance`'s.
  public init() {}

  /// The shared instance: work scheduled on it while some of its work is queued goes behind
  /// that work, whoever scheduled it.
  public static let instance = MainScheduler()

  /// A scheduler that always schedules on the main queue, even when already on the main thread.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

  /// Stops the program (with `errorMessage`) unless running on the main thread.
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    precondition(isMainThread, errorMessage ?? "Running on background thread.")
  }

  /// Stops the program (with `errorMessage`) unless running on the main thread.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    precondition(
      isMainThread,
      errorMessage
        ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread."
    )
  }

  /// `true` on the main thread (while running on the main queue).
  public static var isMainThread: Bool { ReactiveCore.isMainThread() }

  /// The current time (wall clock).
  public var now: RxTime { Date() }

  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let previous = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue
    if previous == 0 && ReactiveCore.isMainThread() {
      let disposable = action(state)
      numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
      return disposable
    }
    let work = ScheduledAction(state, action: action)
    let counter = CounterBox(scheduler: self)
    configuration.queue.async {
      work.run()
      counter.decrement()
    }
    return work
  }

  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }

  /// Carries the scheduler into the `@Sendable` main-queue block.
  struct CounterBox: Sendable {
    let scheduler: MainScheduler
    func decrement() { scheduler.numberEnqueued.subtract(1, ordering: .acquiringAndReleasing) }
  }
}

/// `true` on the main thread, that is while running on the main queue. On Linux, once the main
/// thread has called `dispatchMain()` (as an `async` `main()` does), the main queue is drained by
/// another thread, which then counts as the main thread; thread identity would be wrong there.
func isMainThread() -> Bool {
  DispatchQueue.getSpecific(key: MainQueueKey.shared.key) != nil
}

/// A key set on the main queue only, to recognise it (as RxSwift does).
struct MainQueueKey: @unchecked Sendable {  // `DispatchSpecificKey` is immutable after creation
  let key = DispatchSpecificKey<UInt8>()

  static let shared: MainQueueKey = {
    let marker = MainQueueKey()
    DispatchQueue.main.setSpecific(key: marker.key, value: 1)
    return marker
  }()
}
