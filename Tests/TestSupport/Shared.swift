// Values a test shares with the closures and threads it starts.

import Foundation

/// A mutable value shared between a test and the closures, threads or tasks it hands it to.
/// Thread-safe: every read and write holds the lock.
public final class Shared<Value>: @unchecked Sendable {  // `lock` guards `storage`
  private let lock = NSLock()
  private var storage: Value

  public init(_ value: Value) {
    storage = value
  }

  /// A copy of the value; setting replaces it.
  public var value: Value {
    get { lock.withLock { storage } }
    set { lock.withLock { storage = newValue } }
  }

  /// What `body` derives from the value, read under the lock. Prefer it to `value` for a part
  /// of a value that another thread changes in place (`read(\.count)` of a growing array):
  /// ThreadSanitizer does not see the runtime's reference counts, so a copy read after the
  /// unlock and released before the writer's next in-place append shows as a race in the
  /// optimized build.
  public func read<T>(_ body: (Value) -> T) -> T {
    lock.withLock { body(storage) }
  }

  /// Changes the value in place, atomically, and returns what `body` returns.
  @discardableResult
  public func mutate<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&storage) }
  }
}

extension Shared where Value: RangeReplaceableCollection {
  /// Appends `element`, atomically: a list that collects what subscribers see.
  public func append(_ element: Value.Element) { mutate { $0.append(element) } }
}

/// The error tests send and expect; `id` tells apart several in one test.
public struct TestError: Error, Equatable, Hashable, CustomStringConvertible, Sendable {
  public var id: Int

  public init(id: Int = 0) {
    self.id = id
  }

  public var description: String { "TestError(\(id))" }
}
