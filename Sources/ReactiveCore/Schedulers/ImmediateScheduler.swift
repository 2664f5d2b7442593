/// Runs every action at once, on the calling thread, before `schedule` returns.
///
/// Useful where an API takes a scheduler and you want no thread hop and no queueing, for example
/// `observe(on: ImmediateScheduler.instance)` in a test or a synchronous pipeline. Unlike
/// `CurrentThreadScheduler` it does not trampoline: an action scheduled from inside an action runs
/// nested, at once. (RxSwift keeps its immediate scheduler internal; ours is public.)
///
/// ```swift
/// _ = ImmediateScheduler.instance.schedule { print("now") }
/// print("after")
/// // Prints: now
/// // Prints: after
/// ```
///
/// Thread safety: stateless, usable from any thread.
public struct ImmediateScheduler: ImmediateSchedulerType {
  /// The shared instance.
  public static let instance = ImmediateScheduler()

  /// Creates an immediate scheduler; `instance` serves everyone.
  public init() {}

  /// Runs `action(state)` at once and returns what it returns.
  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    action(state)
  }
}
