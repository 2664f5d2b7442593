/// The scheduler that ``Driver`` and ``Signal`` deliver on: `MainScheduler.instance`, unless a
/// test has put another one in place with `mock(scheduler:action:)`.
///
/// RxCocoa difference: RxCocoa swaps a process-wide variable, so two tests that mock at the same
/// time see each other's scheduler. Here the override is a task-local value: it applies to the
/// code inside `action` (and to tasks it creates), and parallel tests (Swift Testing runs them in
/// parallel) keep their own. The scheduler is read when a driver or signal is *built* (by
/// `asDriver`, `asSignal`, `debounce`, …), so build them inside `action`; subscribing later, from
/// anywhere, keeps the scheduler they were built with.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)   // from ReactiveTesting
/// let relay = BehaviorRelay(value: "")
/// let driver = SharingScheduler.mock(scheduler: scheduler) {
///   relay.asDriver().debounce(.seconds(1))   // debounces on virtual time
/// }
/// driver.drive(onNext: { print($0) }).disposed(by: bag)
/// ```
///
/// Thread safety: may be used from any thread or task.
public enum SharingScheduler {
  @TaskLocal static var override: (any SchedulerType)?

  /// The scheduler drivers and signals built now deliver on.
  public static var make: any SchedulerType { override ?? MainScheduler.instance }

  /// Runs `action` with `scheduler` in place of the main scheduler for every driver and signal
  /// built inside it (on this task; see the type's documentation).
  public static func mock<Result>(
    scheduler: any SchedulerType, action: () throws -> Result
  ) rethrows -> Result {
    try $override.withValue(scheduler, operation: action)
  }

  /// Runs the asynchronous `action` with `scheduler` in place of the main scheduler for every
  /// driver and signal built inside it.
  public static func mock<Result>(
    scheduler: any SchedulerType, action: () async throws -> Result
  ) async rethrows -> Result {
    try await $override.withValue(scheduler, operation: action)
  }
}
