/// The serial-delivery half of a multi-source sink: which thread delivers, and what waits.
///
/// A multi-source sink decides every state change under its lock and, in the same critical
/// section, hands the resulting item to `enter(_:)`. The caller that gets the item back is the
/// *drainer*: after unlocking it delivers the item, then keeps taking `next()` (under the lock)
/// until the queue is empty. Everyone else (another thread, or a re-entrant call from inside the
/// delivery) only queues. So downstream never receives two events at once, items are delivered in
/// the order they were decided, re-entrant events are queued instead of recursing, and no lock is
/// held while downstream or user closures run.
///
/// A plain struct with no locking: the owner guards it with its lock.
@usableFromInline
struct DeliveryQueue<Item> {
  @usableFromInline var queue = FIFO<Item>()
  @usableFromInline var draining = false

  @usableFromInline init() {}

  /// Returns `item` when the caller must deliver it (and then drain); otherwise queues it.
  @inlinable
  mutating func enter(_ item: Item) -> Item? {
    if draining {
      queue.append(item)
      return nil
    }
    draining = true
    return item
  }

  /// The next item for the drainer, or `nil` (and the drainer role is released).
  @inlinable
  mutating func next() -> Item? {
    if let item = queue.popFirst() { return item }
    draining = false
    return nil
  }

  /// Drops every queued item (after disposal or a failure decided by the drainer).
  @inlinable
  mutating func removeAll() {
    queue.removeAll()
  }
}
