/// Makes the schedulers that ``Driver`` and ``Signal`` deliver on: a new `MainScheduler` each
/// time, as in RxCocoa, unless a test has put another maker in place with
/// `mock(makeScheduler:action:)` or `mock(scheduler:action:)`.
///
/// Each conversion (`asDriver`, `asSignal`) and each time operator (`debounce`, `throttle`, …)
/// gets a main scheduler of its own, with its own count of queued work. So an element produced
/// on the main thread runs through a whole chain (`relay.asDriver().map(…).drive(binder)`)
/// before the producing call returns: one step's work on the main thread never makes another
/// step, or an unrelated user of the main queue, defer its own.
///
/// RxCocoa difference: RxCocoa swaps a process-wide variable, so two tests that mock at the same
/// time see each other's scheduler. Here the override is a task-local value: it applies to the
/// code inside `action` (and to tasks it creates), and parallel tests (Swift Testing runs them in
/// parallel) keep their own. The scheduler is made when a driver or signal is *built* (by
/// `asDriver`, `asSignal`, `debounce`, …), so build them inside `action`; subscribing later, from
/// anywhere, keeps the scheduler they were built with. `mock` also returns what `action`
/// returns (RxCocoa's returns nothing; a closure returning nothing works the same here).
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
  /// The maker a test put in place for the current task, if any.
  @TaskLocal static var override: (@Sendable () -> any SchedulerType)?

  /// Makes the scheduler a driver or signal built now delivers on: a new `MainScheduler`, or
  /// what the maker of the enclosing ``mock(makeScheduler:action:)`` returns.
  public static var make: () -> any SchedulerType {
    override ?? { MainScheduler() }
  }

  /// Runs `action` with `scheduler` in place of the main scheduler for every driver and signal
  /// built inside it (on this task; see the type's documentation).
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler every driver and signal built inside `action` uses.
  ///   - action: Builds (and may run) the code under test.
  /// - Returns: What `action` returns.
  public static func mock<Result>(
    scheduler: any SchedulerType, action: () throws -> Result
  ) rethrows -> Result {
    try $override.withValue({ scheduler }, operation: action)
  }

  /// Runs `action` with `makeScheduler` in place of the maker of main schedulers for every
  /// driver and signal built inside it (on this task; see the type's documentation).
  ///
  /// - Parameters:
  ///   - makeScheduler: Called once for each scheduler a driver or signal needs.
  ///   - action: Builds (and may run) the code under test.
  /// - Returns: What `action` returns.
  public static func mock<Result>(
    makeScheduler: @escaping () -> any SchedulerType, action: () throws -> Result
  ) rethrows -> Result {
    let maker = UncheckedMaker(makeScheduler)
    return try $override.withValue({ maker.make() }, operation: action)
  }

  /// Runs the asynchronous `action` with `scheduler` in place of the main scheduler for every
  /// driver and signal built inside it.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler every driver and signal built inside `action` uses.
  ///   - action: Builds (and may run) the code under test.
  /// - Returns: What `action` returns.
  public static func mock<Result>(
    scheduler: any SchedulerType, action: () async throws -> Result
  ) async rethrows -> Result {
    try await $override.withValue({ scheduler }, operation: action)
  }
}

/// A test's scheduler maker carried into the task-local override. `@unchecked Sendable` because
/// RxCocoa's maker is a plain closure: it is called wherever a driver or signal is built inside
/// `action`, which for a test is its own thread (a maker that is not thread-safe must not be
/// used from several tasks that `action` runs in parallel).
struct UncheckedMaker: @unchecked Sendable {
  let make: () -> any SchedulerType
  init(_ make: @escaping () -> any SchedulerType) { self.make = make }
}

extension ObservableType {
  /// `observe(on: Strategy.scheduler)`, compiled for `MainScheduler` when the strategy's scheduler
  /// is one (always, outside a test's `mock`): called with the `any SchedulerType` itself, the
  /// opened existential keeps `observe(on:)`'s sink generic, so every element would pay for
  /// run-time generic metadata.
  @inlinable
  func observe<Strategy: SharingStrategyProtocol>(onSchedulerOf _: Strategy.Type)
    -> Observable<Element>
  {
    let scheduler = Strategy.scheduler
    if let main = scheduler as? MainScheduler { return observe(on: main) }
    return observe(on: scheduler)
  }
}
