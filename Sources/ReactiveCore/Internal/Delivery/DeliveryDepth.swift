#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many deliveries the calling thread is inside: drainer turns (`Drainer`) and callbacks of a
/// subscription (`DisposeBarrier`). Two rules read it:
/// - a producer that finds a backlog over its limit waits only when it is *not* delivering, so a
///   re-entrant send (and every send made by a drainer) never blocks;
/// - a `dispose()` made while delivering does not wait for a callback running on another thread,
///   so two deliveries disposing each other's subscriptions cannot deadlock.
///
/// One `pthread` key per process; each thread's counter is a word allocated on its first delivery
/// and freed when the thread exits. Entering and leaving cost one `pthread_getspecific` each.
@usableFromInline
enum DeliveryDepth {
  @usableFromInline
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let rc = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        pointer.assumingMemoryBound(to: Int.self).deallocate()
      #else
        pointer?.assumingMemoryBound(to: Int.self).deallocate()
      #endif
    }
    precondition(rc == 0, "pthread_key_create failed: \(rc)")
    return key
  }()

  /// The calling thread's counter, created on first use.
  @usableFromInline
  static func counter() -> UnsafeMutablePointer<Int> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Int.self) }
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    pthread_setspecific(key, counter)
    return counter
  }

  /// The calling thread starts a delivery.
  @inlinable @inline(__always)
  static func enter() { counter().pointee += 1 }

  /// The calling thread ends a delivery started with `enter()`.
  @inlinable @inline(__always)
  static func leave() { counter().pointee -= 1 }

  /// Whether the calling thread is inside a delivery.
  @inlinable
  static var isDelivering: Bool {
    guard let raw = pthread_getspecific(key) else { return false }
    return raw.assumingMemoryBound(to: Int.self).pointee > 0
  }
}
