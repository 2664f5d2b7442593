@_exported import TestSupport
import Testing

@testable import ReactiveCore

/// A thread-safe list, for collecting what subscribers see.
final class Collected<Element>: Sendable {
  private let storage = Locked<[Element]>([])
  init() {}
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var values: [Element] { storage.withLock { $0 } }
}
