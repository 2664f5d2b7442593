import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time interval for schedulers and time-based operators, as in RxSwift:
/// `.seconds(1)`, `.milliseconds(300)`, `.never` and so on.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time on a scheduler's clock.
public typealias RxTime = Date

/// Something that runs work: now, soon, or on a particular thread or queue.
///
/// Schedulers are shared between threads, so they must be `Sendable`. The actions they receive
/// run wherever the scheduler runs work (a queue, the main thread, a virtual clock); an action is
/// not `@Sendable` (as in RxSwift), so do not let it touch state that another thread uses at the
/// same time without synchronization.
public protocol ImmediateSchedulerType: Sendable {
  /// Schedules `action` to run with `state` as soon as possible.
  ///
  /// - Returns: a disposable that cancels the action if it has not started.
  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
}

/// A scheduler with a clock, for delayed and periodic work.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's current time.
  var now: RxTime { get }

  /// Schedules `action` to run with `state` after `dueTime`.
  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable

  /// Schedules `action` to run first after `startAfter`, then every `period`, each run receiving
  /// the state the previous run returned.
  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable
}

extension ImmediateSchedulerType {
  /// Schedules `action` to run as soon as possible.
  @inlinable
  public func schedule(_ action: @escaping () -> Void) -> Disposable {
    schedule(()) { _ in
      action()
      return Disposables.create()
    }
  }

  /// Schedules `action` repeatedly: it receives a `recurse` function that schedules it again
  /// with a new state. Disposing the result cancels every pending step.
  ///
  /// Safe on concurrent schedulers: a step that starts before `schedule` has returned to the
  /// step that scheduled it cannot be lost or cancelled by mistake.
  public func scheduleRecursive<State>(
    _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> Disposable {
    let recursion = RecursiveScheduling(scheduler: self, action: action)
    recursion.schedule(state)
    return recursion
  }
}

/// The state of one `scheduleRecursive` call: the pending steps, each removed when it has run.
final class RecursiveScheduling<Scheduler: ImmediateSchedulerType, State>: Cancelable,
  @unchecked Sendable
{
  // `group` is thread-safe; `scheduler` and `action` are immutable.
  let scheduler: Scheduler
  let action: (State, (State) -> Void) -> Void
  let group = CompositeDisposable()

  init(scheduler: Scheduler, action: @escaping (State, (State) -> Void) -> Void) {
    self.scheduler = scheduler
    self.action = action
  }

  var isDisposed: Bool { group.isDisposed }

  func schedule(_ state: State) {
    let slot = SingleAssignmentDisposable()
    guard let key = group.insert(slot) else { return }
    slot.setDisposable(
      scheduler.schedule(state) { state in
        self.action(state) { next in self.schedule(next) }
        self.group.remove(for: key)
        return Disposables.create()
      })
  }

  func dispose() { group.dispose() }
}

extension SchedulerType {
  /// Schedules `action` to run after `dueTime`.
  @inlinable
  public func scheduleRelative(_ dueTime: RxTimeInterval, action: @escaping () -> Void)
    -> Disposable
  {
    scheduleRelative((), dueTime: dueTime) { _ in
      action()
      return Disposables.create()
    }
  }
}

extension DispatchTimeInterval {
  /// The interval in nanoseconds (`nil` for `.never`), saturating on overflow.
  package var nanosecondsValue: Int64? {
    switch self {
    case .seconds(let value): return saturated(value, 1_000_000_000)
    case .milliseconds(let value): return saturated(value, 1_000_000)
    case .microseconds(let value): return saturated(value, 1_000)
    case .nanoseconds(let value): return Int64(value)
    case .never: return nil
    @unknown default: return nil
    }
  }

  /// The interval in seconds (`.infinity` for `.never`).
  package var secondsValue: Double {
    guard let nanoseconds = nanosecondsValue else { return .infinity }
    return Double(nanoseconds) / 1_000_000_000
  }
}

extension Date {
  /// This date moved by `interval` (`.never` gives `.distantFuture`).
  package func adding(_ interval: RxTimeInterval) -> Date {
    guard interval.nanosecondsValue != nil else { return .distantFuture }
    return addingTimeInterval(interval.secondsValue)
  }
}

private func saturated(_ value: Int, _ factor: Int64) -> Int64 {
  let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
  if overflow { return value < 0 ? .min : .max }
  return product
}
