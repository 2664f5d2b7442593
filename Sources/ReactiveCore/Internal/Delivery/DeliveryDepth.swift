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
/// and freed when the thread exits. Entering costs one `pthread_getspecific`; the owner keeps the
/// counter's address (which also identifies the thread) and leaving goes through it.
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

  /// The calling thread's counter, created on first use. Its address also identifies the thread
  /// (it lives as long as the thread).
  @inlinable @inline(__always)
  static func counter() -> UnsafeMutablePointer<Int> { counter(key: key) }

  /// `counter()` with the key passed in: hot paths keep a copy of `key` so that they skip the
  /// lazy global's once-check.
  @inlinable @inline(__always)
  static func counter(key: pthread_key_t) -> UnsafeMutablePointer<Int> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Int.self) }
    return makeCounter()
  }

  @usableFromInline
  static func makeCounter() -> UnsafeMutablePointer<Int> {
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    pthread_setspecific(key, counter)
    return counter
  }

  /// Ends a delivery on this thread (`counter` is the thread's counter, incremented when the
  /// delivery started).
  @inlinable @inline(__always)
  static func leave(_ counter: UnsafeMutablePointer<Int>) { counter.pointee -= 1 }

  /// `counter` as a word, to keep in an atomic (see `Drainer` and `DisposeBarrier`).
  @inlinable @inline(__always)
  static func word(_ counter: UnsafeMutablePointer<Int>) -> UInt { UInt(bitPattern: counter) }

  /// The counter kept with `word(_:)`.
  @inlinable @inline(__always)
  static func counter(word: UInt) -> UnsafeMutablePointer<Int> {
    UnsafeMutablePointer(bitPattern: word).unsafelyUnwrapped
  }

  /// Whether the calling thread is inside a delivery.
  @inlinable
  static var isDelivering: Bool {
    guard let raw = pthread_getspecific(key) else { return false }
    return raw.assumingMemoryBound(to: Int.self).pointee > 0
  }

  /// The calling thread's counter as a word, or 0 when it has none (it never delivered).
  @inlinable
  static var currentWord: UInt {
    UInt(bitPattern: pthread_getspecific(key))
  }
}
