#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// ReactiveMVI's one lock: a `pthread_mutex_t` tail-allocated in a single object.
///
/// pthreads rather than `Synchronization.Mutex` for the same reason as ReactiveCore's `Lock`
/// (ThreadSanitizer understands pthread hand-offs). Rule: never call user code (features,
/// middleware, observers) or `dispose()` while holding it.
@usableFromInline
final class StoreLock: ManagedBuffer<Void, pthread_mutex_t> {
  @usableFromInline
  static func make() -> StoreLock {
    let buffer = StoreLock.create(minimumCapacity: 1) { _ in () }
    let lock = unsafeDowncast(buffer, to: StoreLock.self)
    lock.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      let rc = pthread_mutex_init(mutex, nil)
      precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
    }
    return lock
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }

  @inlinable @inline(__always)
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    defer { _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) } }
    return try body()
  }
}

/// A value guarded by a `StoreLock`; `withLock` bodies must not call user code.
@usableFromInline
final class Protected<Value>: @unchecked Sendable {  // `value` is only touched under `lock`
  @usableFromInline let lock = StoreLock.make()
  // Unchecked exclusivity: the lock already makes every access exclusive.
  @usableFromInline @exclusivity(unchecked) var value: Value

  @usableFromInline
  init(_ value: Value) { self.value = value }

  @inlinable @inline(__always)
  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }
}

/// A first-in, first-out queue on a contiguous array; amortized O(1) append and pop.
@usableFromInline
struct Queue<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { head == storage.count }
  @inlinable
  var count: Int { storage.count - head }

  @inlinable
  mutating func append(_ element: Element) { storage.append(element) }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 32 && head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  @usableFromInline
  mutating func removeAll() {
    storage.removeAll()
    head = 0
  }
}
