import Synchronization

/// Live-resource accounting: every subscription object of ReactiveCore (operator sinks,
/// subject and relay subscriptions, subscriber leaves, scheduled work) holds a `ResourceToken`
/// for as long as it lives.
///
/// Counting is per `ResourceScope` (see `tracking(_:)`), in every build: a retain cycle or a
/// subscription that is never torn down shows up as a scope count that does not return to zero,
/// and tests running in parallel do not see each other's resources. Outside `TRACE_RESOURCES`
/// builds there is no process-wide count: it would cost every subscription two contended atomic
/// operations for a number nothing can read reliably while other tests run.
///
/// Not public API: `package` access for this package's tests and benchmarks. Built with
/// `-DTRACE_RESOURCES` it is public and also keeps RxSwift's process-wide counts (`total`,
/// `numberOfSerialDispatchQueueObservables`), so RxSwift tests that read them port unchanged.
#if TRACE_RESOURCES
  public enum Resources {}
#else
  package enum Resources {}
#endif

extension Resources {
  /// The number of `ResourceScope` objects alive in the process. While it is zero no task-local
  /// can hold a scope, so a new resource skips the task-local read: an app that never tracks pays
  /// one relaxed atomic load per resource and nothing else.
  @usableFromInline
  static let liveScopes = Atomic<Int>(0)

  /// The scope that resources created by this task (or thread, outside tasks) are charged to.
  @TaskLocal
  package static var scope: ResourceScope?

  /// The current scope; skips the task-local read while no scope exists anywhere.
  @usableFromInline
  static var currentScope: ResourceScope? {
    liveScopes.load(ordering: .relaxed) == 0 ? nil : scope
  }

  /// Runs `body` with a fresh scope and returns the result with the number of resources created in
  /// `body` that are still alive when it returns.
  package static func tracking<T>(_ body: () throws -> T) rethrows -> (result: T, live: Int) {
    let scope = ResourceScope()
    let result = try $scope.withValue(scope) { try body() }
    return (result, scope.live)
  }

  /// The `async` form of `tracking(_:)`.
  package static func tracking<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> (result: T, live: Int) {
    let scope = ResourceScope()
    let result = try await $scope.withValue(scope) { try await body() }
    return (result, scope.live)
  }
}

/// A group of resources, counted together (see `Resources.tracking`).
@usableFromInline
package final class ResourceScope: Sendable {
  @usableFromInline let counter = Atomic<Int>(0)

  package init() { Resources.liveScopes.add(1, ordering: .relaxed) }

  deinit { Resources.liveScopes.subtract(1, ordering: .relaxed) }

  /// Resources charged to this scope that are still alive.
  package var live: Int { counter.load(ordering: .acquiring) }
}

/// Counts one live resource from its creation to its destruction. Store it in the counted object.
@usableFromInline
struct ResourceToken: ~Copyable, Sendable {
  @usableFromInline let scope: ResourceScope?

  @usableFromInline
  init() {
    let scope = Resources.currentScope
    scope?.counter.add(1, ordering: .relaxed)
    self.scope = scope
    #if TRACE_RESOURCES
      Resources.liveTotal.add(1, ordering: .relaxed)
    #endif
  }

  deinit {
    scope?.counter.subtract(1, ordering: .releasing)
    #if TRACE_RESOURCES
      Resources.liveTotal.subtract(1, ordering: .releasing)
    #endif
  }
}

#if TRACE_RESOURCES
  extension Resources {
    /// Live resources in the whole process: every subscription object, subject and relay
    /// subscription, subscriber leaf and piece of scheduled work (RxSwift's `Resources.total`;
    /// it counts its own objects, so the numbers differ, while "back to where it started" holds
    /// in both).
    public static var total: Int32 { Int32(clamping: liveTotal.load(ordering: .acquiring)) }

    /// Live `observe(on:)` subscriptions onto a `SerialDispatchQueueScheduler` or
    /// `MainScheduler` (RxSwift's count of its serial-dispatch-queue `observeOn`).
    public static var numberOfSerialDispatchQueueObservables: Int32 {
      Int32(clamping: liveSerialDispatchQueueObservables.load(ordering: .acquiring))
    }

    @usableFromInline static let liveTotal = Atomic<Int>(0)
    static let liveSerialDispatchQueueObservables = Atomic<Int>(0)

    /// An `observe(on: scheduler)` subscription began.
    @usableFromInline
    static func observeOnStarted(on scheduler: some ImmediateSchedulerType) {
      guard isSerialDispatchQueue(scheduler) else { return }
      liveSerialDispatchQueueObservables.add(1, ordering: .relaxed)
    }

    /// An `observe(on: scheduler)` subscription ended.
    @usableFromInline
    static func observeOnEnded(on scheduler: some ImmediateSchedulerType) {
      guard isSerialDispatchQueue(scheduler) else { return }
      liveSerialDispatchQueueObservables.subtract(1, ordering: .releasing)
    }

    private static func isSerialDispatchQueue(_ scheduler: some ImmediateSchedulerType) -> Bool {
      scheduler is SerialDispatchQueueScheduler || scheduler is MainScheduler
    }
  }
#endif
