import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs work on a concurrent dispatch queue: separately scheduled actions may run at the same time
/// on different threads.
///
/// Use it for independent background work (`subscribe(on:)` of a blocking source). Operators stay
/// correct on it: `observe(on:)` still delivers events one at a time and in order.
///
/// ```swift
/// let background = ConcurrentDispatchQueueScheduler(qos: .background)
/// _ = background.schedule { print("on a global queue") }
/// // Prints: on a global queue
/// ```
///
/// Thread safety: may be used from any thread; see `SerialDispatchQueueScheduler` for the disposal
/// guarantee.
public final class ConcurrentDispatchQueueScheduler: SchedulerType, Sendable {
  let configuration: DispatchQueueConfiguration

  /// The queue this scheduler runs work on.
  public var queue: DispatchQueue { configuration.queue }

  /// Creates a scheduler that runs work on `queue`.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
  }

  /// Creates a scheduler that runs work on the global queue of `qos`.
  public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
  }

  /// The current time (wall clock).
  public var now: RxTime { Date() }

  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.schedule(state, action: action)
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
}
