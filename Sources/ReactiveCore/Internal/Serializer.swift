/// Runs items one at a time, in arrival order, whichever threads submit them.
///
/// The thread that finds the serializer idle runs its item and then every item queued meanwhile
/// (by other threads, or re-entrantly by `handler` itself) before returning; others queue and
/// return at once. `handler` therefore never runs concurrently with itself and never recursively.
/// No lock is held while `handler` runs.
///
/// Use it in operators that receive events from several sources (merge, combineLatest, timers
/// racing with upstream events) to keep downstream delivery serial. Single-source operators do
/// not need it: their upstream is already serial.
///
/// - Complexity: two uncontended lock round trips per item; no allocation in steady state.
@usableFromInline
final class Serializer<Item>: @unchecked Sendable {
  // `queue` and `running` are guarded by `lock`; `handler` is immutable.
  @usableFromInline let lock = Lock.make()
  @usableFromInline var queue = FIFO<Item>()
  @usableFromInline var running = false
  @usableFromInline let handler: (Item) -> Void

  @inlinable
  init(_ handler: @escaping (Item) -> Void) {
    self.handler = handler
  }

  /// Runs `item` now (and then anything queued meanwhile) or queues it behind the running one.
  @inlinable
  func submit(_ item: Item) {
    lock.lock()
    if running {
      queue.append(item)
      lock.unlock()
      return
    }
    running = true
    lock.unlock()
    var next = item
    while true {
      handler(next)
      lock.lock()
      guard let queued = queue.popFirst() else {
        running = false
        lock.unlock()
        return
      }
      lock.unlock()
      next = queued
    }
  }

  /// Drops every queued item (for example after a terminal event or disposal).
  @inlinable
  func clearQueue() {
    lock.withLock { queue.removeAll() }
  }
}
