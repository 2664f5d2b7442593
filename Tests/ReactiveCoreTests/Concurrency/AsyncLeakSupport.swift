import Testing

@testable import ReactiveCore

/// The `async` form of `expectNoLeaks`: runs `body` in a fresh resource scope, then waits (the
/// deadline is only a safety net) for every resource it created to be released, and
/// fails if some remain.
///
/// Waiting is needed because tasks end asynchronously: a subscription disposed in `body` cancels
/// its task at once, but the task releases what it holds only when it has finished running.
/// The wait proves the count returns to zero; it never asserts how long that took.
func expectNoLeaksAsync<T>(
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> T
) async rethrows -> T {
  let scope = ResourceScope()
  let result = try await Resources.$scope.withValue(scope) { try await body() }
  let released = await eventually { scope.live == 0 }
  #expect(released, "live resources remain after the test body", sourceLocation: sourceLocation)
  return result
}
