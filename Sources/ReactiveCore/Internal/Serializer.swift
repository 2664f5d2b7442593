import Synchronization

/// Runs items one at a time, in arrival order, whichever threads submit them: a `DeliveryQueue`
/// with its own lock and a fixed handler.
///
/// The thread that finds the serializer idle runs its item and then every item queued meanwhile
/// (by other threads, or re-entrantly by `handler` itself) before returning; others queue and
/// return at once. `handler` therefore never runs concurrently with itself and never recursively.
/// No lock is held while `handler` runs.
///
/// Use it where events from several sources (or timers racing upstream events) need no shared
/// state decided under a lock; sinks that decide state under their own lock embed a
/// `DeliveryQueue` directly. Single-source operators need neither: their upstream is serial.
///
/// - Complexity: one uncontended lock round trip and one compare-exchange per item; no allocation
///   in steady state.
@usableFromInline
final class Serializer<Item>: @unchecked Sendable {
  // `delivery` is guarded by `lock`; `handler` is immutable.
  @usableFromInline let lock = Lock.make()
  @usableFromInline @exclusivity(unchecked) var delivery = DeliveryQueue<Item>()
  @usableFromInline let deliveryState = Atomic<Int>(0)
  @usableFromInline let handler: (Item) -> Void

  @inlinable
  init(_ handler: @escaping (Item) -> Void) {
    self.handler = handler
  }

  /// Runs `item` now (and then anything queued meanwhile) or queues it behind the running one.
  @inlinable
  func submit(_ item: Item) {
    lock.lock()
    let first = delivery.enter(item, deliveryState)
    lock.unlock()
    guard var next = first else { return }
    while true {
      handler(next)
      if DeliveryQueue<Item>.leaveIfIdle(deliveryState) { return }
      lock.lock()
      let queued = delivery.next(deliveryState)
      lock.unlock()
      guard let queued else { return }
      next = queued
    }
  }

  /// Drops every queued item (for example after a terminal event or disposal).
  @inlinable
  func clearQueue() {
    lock.withLock { delivery.removeAll(deliveryState) }
  }
}
