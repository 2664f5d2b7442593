// Leak checks: every subscription object of ReactiveCore counts itself in the resource scope that
// was current when it was created (see `Resources` in Sources/ReactiveCore/Internal).

import ReactiveCore
import Testing

/// Runs `body` in a fresh resource scope and checks that every resource it created was released.
public func expectNoLeaks<T>(
  _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) rethrows -> T {
  let (result, live) = try Resources.tracking(body)
  #expect(live == 0, "live resources remain after the test body", sourceLocation: sourceLocation)
  return result
}
