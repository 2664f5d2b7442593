import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs work one item at a time on a serial dispatch queue, in the order it was scheduled.
///
/// Use it to move work off the calling thread while keeping it serial, for example parsing on a
/// background queue with `observe(on:)`. If you pass a concurrent queue, the scheduler creates
/// an internal serial queue that targets it, so work stays serial.
///
/// ```swift
/// let background = SerialDispatchQueueScheduler(qos: .userInitiated)
/// _ = Observable.of(1, 2, 3)
///   .observe(on: background)
///   .subscribe(onNext: { print($0) })  // on the background queue, in order
/// // Prints: 1
/// // Prints: 2
/// // Prints: 3
/// ```
///
/// Thread safety: may be used from any thread. Actions run on the serial queue; delayed and
/// periodic work use a `DispatchSourceTimer` that is cancelled on disposal. Once `dispose()`
/// returns, the action has either finished or will never start (a `dispose()` from inside the
/// action itself does not wait).
public final class SerialDispatchQueueScheduler: SchedulerType, Sendable {
  let configuration: DispatchQueueConfiguration

  /// The serial queue this scheduler runs work on.
  public var queue: DispatchQueue { configuration.queue }

  /// Wraps `serialQueue`, which must be serial (the main queue, or a queue you created serial).
  init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler with a new serial queue named `internalSerialQueueName`;
  /// `serialQueueConfiguration` may configure the queue before use.
  public convenience init(
    internalSerialQueueName: String,
    serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
    serialQueueConfiguration?(queue)
    self.init(serialQueue: queue, leeway: leeway)
  }

  /// Creates a scheduler with a new serial queue named `internalSerialQueueName` that targets
  /// `queue` (which may be concurrent).
  public convenience init(
    queue: DispatchQueue, internalSerialQueueName: String,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
    self.init(serialQueue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler with a new serial queue that targets the global queue of `qos`.
  public convenience init(
    qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    self.init(
      queue: DispatchQueue.global(qos: qos.qosClass),
      internalSerialQueueName: internalSerialQueueName,
      leeway: leeway)
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
