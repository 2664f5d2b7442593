@_exported import TestSupport
import Testing

@testable import ReactiveCore

/// A thread-safe list, for collecting what subscribers see.
final class Collected<Element>: @unchecked Sendable {  // guarded by `lock`
  private let lock = Lock.make()
  private var storage: [Element] = []
  init() {}
  func append(_ element: Element) { lock.withLock { storage.append(element) } }
  var values: [Element] { lock.withLock { storage } }
}
