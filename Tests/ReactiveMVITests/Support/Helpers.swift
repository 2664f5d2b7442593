import Testing
@_exported import TestSupport

@testable import ReactiveCore

/// Runs `body` in a fresh resource scope and checks every resource it created was released.
func expectStoreNoLeaks<T>(
  _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) rethrows -> T {
  let (result, live) = try Resources.tracking(body)
  #expect(live == 0, "live resources remain after the test body", sourceLocation: sourceLocation)
  return result
}

/// A thread-safe list, for collecting what subscribers see.
final class Collected<Element>: @unchecked Sendable {  // guarded by `lock`
  private let lock = Lock.make()
  private var storage: [Element] = []
  init() {}
  func append(_ element: Element) { lock.withLock { storage.append(element) } }
  var values: [Element] { lock.withLock { storage } }
}

