import Synchronization

/// Live-resource accounting: every subscription object of ReactiveCore (operator sinks,
/// subject and relay subscriptions, subscriber leaves, scheduled work) holds a `ResourceToken`
/// for as long as it lives.
///
/// Counting is per `ResourceScope` (see `tracking(_:)`), in every build: a retain cycle or a
/// subscription that is never torn down shows up as a scope count that does not return to zero,
/// and tests running in parallel do not see each other's resources. There is no process-wide
/// count: it would cost every subscription two contended atomic operations for a number nothing
/// can read reliably while other tests run.
///
/// Not public API: `package` access for this package's tests and benchmarks.
package enum Resources {
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
  }

  deinit {
    scope?.counter.subtract(1, ordering: .releasing)
  }
}
