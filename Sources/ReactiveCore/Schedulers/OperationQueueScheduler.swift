// Apple platforms only: `OperationQueue` is in the full Foundation, which ReactiveCore does not
// link on Linux (it uses FoundationEssentials there; the full Foundation would add its
// internationalization libraries to every program).
#if canImport(Darwin)
  import Foundation

  /// Runs work on an `OperationQueue`, each action as a `BlockOperation` with `queuePriority`.
  ///
  /// Whether actions run one at a time depends on the queue's `maxConcurrentOperationCount`;
  /// operators that need serial delivery serialize on their own (see `observe(on:)`). Disposing
  /// what `schedule` returns before the operation starts skips the action.
  ///
  /// ```swift
  /// // (Darwin)
  /// let queue = OperationQueue()
  /// queue.maxConcurrentOperationCount = 2
  /// let scheduler = OperationQueueScheduler(operationQueue: queue)
  /// _ = Observable.just(1).subscribe(on: scheduler).subscribe(onNext: { print($0) })
  /// // Prints (on the queue): 1
  /// ```
  /// - Note: Available on Apple platforms only (see the comment at the top of the file).
  public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // Immutable; `OperationQueue` is thread-safe.
    /// The queue the actions run on.
    public let operationQueue: OperationQueue
    /// The priority of each operation in the queue.
    public let queuePriority: Operation.QueuePriority

    /// Creates a scheduler running work on `operationQueue` with `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
      self.operationQueue = operationQueue
      self.queuePriority = queuePriority
    }

    /// Adds an operation running `action` with `state`; disposing the result before it starts
    /// skips the action, and once it ran disposes what the action returned.
    public func schedule<StateType>(
      _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
      let work = OperationQueueWork(state: state, action: action)
      let operation = BlockOperation { work.run() }
      operation.queuePriority = queuePriority
      operationQueue.addOperation(operation)
      return work.cancel
    }
  }

  /// One scheduled action: the operation's closure must be `@Sendable`, the action is not.
  final class OperationQueueWork<State>: @unchecked Sendable {
    // `state` and `action` are read once, by the operation; `cancel` is thread-safe.
    let state: State
    let action: (State) -> Disposable
    let cancel = SingleAssignmentDisposable()

    init(state: State, action: @escaping (State) -> Disposable) {
      self.state = state
      self.action = action
    }

    func run() {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(action(state))
    }
  }
#endif
