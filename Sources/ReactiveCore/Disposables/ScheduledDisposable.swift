import Synchronization

/// Disposes a disposable on a scheduler: `dispose()` schedules the disposal and returns.
///
/// Use it when a resource must be released on a particular thread or queue (`subscribe(on:)`
/// disposes its source this way). `isDisposed` turns `true` once the wrapped disposable has been
/// disposed on the scheduler, as in RxSwift.
///
/// ```swift
/// let queue = SerialDispatchQueueScheduler(qos: .default)
/// let scheduled = ScheduledDisposable(
///   scheduler: queue, disposable: Disposables.create { print("disposed on the queue") })
/// scheduled.dispose()  // returns at once
/// // Prints (later, on the queue): disposed on the queue
/// ```
/// Thread safety: `dispose()` may be called from any thread, any number of times; the wrapped
/// disposable is disposed once.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
  // `disposable` is taken once, by the scheduled action that wins `disposed`.
  /// The scheduler the wrapped disposable is disposed on.
  public let scheduler: any ImmediateSchedulerType
  private let disposed = Atomic<Bool>(false)
  private let scheduled = Atomic<Bool>(false)
  private var disposable: Disposable?
  private let token = ResourceToken()

  /// Wraps `disposable`, to be disposed on `scheduler`.
  public init(scheduler: any ImmediateSchedulerType, disposable: Disposable) {
    self.scheduler = scheduler
    self.disposable = disposable
  }

  /// `true` once the wrapped disposable has been disposed on the scheduler.
  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// Schedules the disposal of the wrapped disposable on `scheduler` (once: later calls do
  /// nothing).
  public func dispose() {
    guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    _ = scheduler.schedule(self) { scheduled in
      scheduled.disposeInner()
      return Disposables.create()
    }
  }

  private func disposeInner() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let inner = disposable
    disposable = nil
    inner?.dispose()
  }
}
