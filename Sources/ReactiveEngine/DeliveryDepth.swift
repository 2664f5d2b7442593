import CReactiveCoreSupport

/// How many deliveries the calling thread is inside: drainer turns (`Drainer`) and callbacks of a
/// subscription (`DisposeBarrier`). Two rules read it:
/// - a producer that finds a backlog over its limit and is delivering may hold a drainer role, so
///   it records whom it waits on and does not wait where that would close a cycle (see `Drainer`
///   and `DrainerWaits`); one that is not delivering holds no role and simply waits;
/// - a `dispose()` made while delivering does not wait for a callback running on another thread,
///   so two deliveries disposing each other's subscriptions cannot deadlock.
///
/// The counter is a C thread-local (`CReactiveCoreSupport`), reached through `static inline`
/// accessors that the compiler inlines here and in every module that inlines these functions: an
/// access is an offset from the thread pointer, no call. The owner of a delivery keeps the
/// counter's address (which also identifies the thread) and leaving goes through it.
@usableFromInline
package enum DeliveryDepth {
  /// The calling thread's counter. Its address also identifies the thread (it lives as long as
  /// the thread).
  @inlinable @inline(__always)
  package static func counter() -> UnsafeMutablePointer<Int> {
    reactive_core_delivery_depth_counter()
  }

  /// Starts a delivery on this thread (`counter` is the thread's counter). The depth is bounded
  /// by the stack (each level is a frame), far from `Int.max`: the arithmetic wraps, so that no
  /// delivery pays for an overflow check.
  @inlinable @inline(__always)
  package static func enter(_ counter: UnsafeMutablePointer<Int>) { counter.pointee &+= 1 }

  /// Ends a delivery on this thread (`counter` is the thread's counter, incremented when the
  /// delivery started).
  @inlinable @inline(__always)
  package static func leave(_ counter: UnsafeMutablePointer<Int>) { counter.pointee &-= 1 }

  /// `counter` as a word, to keep in an atomic (see `Drainer` and `DisposeBarrier`).
  @inlinable @inline(__always)
  package static func word(_ counter: UnsafeMutablePointer<Int>) -> UInt {
    UInt(bitPattern: counter)
  }

  /// The counter kept with `word(_:)`.
  @inlinable @inline(__always)
  package static func counter(word: UInt) -> UnsafeMutablePointer<Int> {
    UnsafeMutablePointer(bitPattern: word).unsafelyUnwrapped
  }

  /// Whether the calling thread is inside a delivery.
  @inlinable
  package static var isDelivering: Bool { reactive_core_is_delivering() }
}
