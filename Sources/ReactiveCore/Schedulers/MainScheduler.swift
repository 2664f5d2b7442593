import CReactiveCoreSupport
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
  /// Actions of this scheduler that have not finished yet: running at once, or sent to the main
  /// queue and not yet run. Zero means none is pending or running (see `runIfImmediate`).
  @usableFromInline let numberEnqueued = Atomic<Int>(0)
  /// The main queue's marker, read here once so that the per-call check costs no lazy-global
  /// access.
  @usableFromInline let mainQueue = MainQueueKey.shared

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

  @inlinable
  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if let disposable = runIfImmediate({ action(state) }) { return disposable }
    return scheduleOnMainQueue(state, action: action)
  }

  /// Runs `body` at once, as an action of this scheduler, when an action scheduled now would run
  /// at once: on the main thread (see `MainQueueKey`), with no action of this scheduler pending or
  /// running. Returns what `body` returned, or `nil` without running it otherwise.
  ///
  /// This is the one place that decides "at once" for a main scheduler, and it promises more than
  /// `schedule` shows: while `body` runs, no other action of this scheduler is pending or running
  /// (every action, at once or queued, is counted from before it is decided until it has
  /// finished), and an action scheduled from inside `body` goes to the main queue, behind it.
  /// `observe(on:)` relies on this to deliver an element at once when its sink is idle.
  @inlinable
  func runIfImmediate<Result>(_ body: () throws -> Result) rethrows -> Result? {
    guard numberEnqueued.load(ordering: .relaxed) == 0, mainQueue.isCurrent,
      numberEnqueued.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing)
        .exchanged
    else { return nil }
    defer { numberEnqueued.subtract(1, ordering: .acquiringAndReleasing) }
    return try body()
  }

  /// `schedule`'s path when `runIfImmediate` declined: counted now, run from the main queue
  /// (or at once, if this scheduler went idle on the main thread meanwhile).
  @usableFromInline
  func scheduleOnMainQueue<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    let previous = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue
    if previous == 0 && mainQueue.isCurrent {
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
  MainQueueKey.shared.isCurrent
}

/// A key set on the main queue only, to recognise it (as RxSwift does): `isCurrent` is `true`
/// exactly while running on the main queue or a queue that targets it, whichever thread drains
/// it, and `false` on the main thread inside a `sync` onto another queue.
@usableFromInline
struct MainQueueKey: @unchecked Sendable {  // immutable after creation; the key lives for good
  let key = DispatchSpecificKey<UInt8>()
  /// The address `DispatchQueue.setSpecific(key:value:)` registered `key` under.
  @usableFromInline let address: UnsafeMutableRawPointer

  init() { address = Unmanaged.passUnretained(key).toOpaque() }

  /// Whether the calling code runs on the main queue: the C lookup that
  /// `DispatchQueue.getSpecific(key:)` makes (`dispatch_get_specific`, called from C through the
  /// package's C target, see `MainQueue.h`), without that method's generic unboxing of the value
  /// (only its presence matters here; the value is never `nil` once set).
  @inlinable
  var isCurrent: Bool { reactive_core_queue_specific(address) != nil }

  static let shared: MainQueueKey = {
    let marker = MainQueueKey()
    DispatchQueue.main.setSpecific(key: marker.key, value: 1)
    return marker
  }()
}
