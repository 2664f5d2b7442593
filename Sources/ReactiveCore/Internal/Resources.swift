import Synchronization

/// Live-resource accounting: every subscription object of ReactiveCore (operator sinks,
/// subject and relay subscriptions, subscriber leaves, scheduled work) holds a `ResourceToken`
/// for as long as it lives.
///
/// The count is always on, in every build: a retain cycle or a subscription that is never torn down
/// shows up as a count that does not return to its starting value. Tests read it through a
/// `ResourceScope` so that tests running in parallel do not see each other's resources.
///
/// Not public API: `package` access for this package's tests and benchmarks.
package enum Resources {
  @usableFromInline
  static let global = Atomic<Int>(0)

  /// The scope that resources created by this task (or thread, outside tasks) are charged to.
  @TaskLocal
  package static var scope: ResourceScope?

  /// The number of live resources in the whole process.
  package static var total: Int { global.load(ordering: .relaxed) }

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

  package init() {}

  /// Resources charged to this scope that are still alive.
  package var live: Int { counter.load(ordering: .acquiring) }
}

/// Counts one live resource from its creation to its destruction. Store it in the counted object.
@usableFromInline
struct ResourceToken: ~Copyable, Sendable {
  @usableFromInline let scope: ResourceScope?

  @usableFromInline
  init() {
    Resources.global.add(1, ordering: .relaxed)
    let scope = Resources.scope
    scope?.counter.add(1, ordering: .relaxed)
    self.scope = scope
  }

  deinit {
    Resources.global.subtract(1, ordering: .relaxed)
    scope?.counter.subtract(1, ordering: .releasing)
  }
}
