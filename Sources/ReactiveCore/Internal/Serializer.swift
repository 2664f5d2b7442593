import ReactiveEngine

/// Runs items one at a time, in arrival order, whichever threads submit them: a `Drainer` with a
/// fixed handler.
///
/// The thread that finds the serializer idle runs its item and then every item queued meanwhile
/// (by other threads, or re-entrantly by `handler` itself) before returning; others queue and
/// return at once (or wait, when far behind: the `Drainer` backlog bound). `handler` therefore
/// never runs concurrently with itself and never recursively. No lock is held while `handler`
/// runs.
///
/// Use it where events from several sources (or timers racing upstream events) need no shared
/// state decided under a lock. Single-source operators need none: their upstream is serial.
///
/// - Complexity: one compare-exchange to enter and one to leave when uncontended; no allocation
///   in steady state.
@usableFromInline
final class Serializer<Item>: @unchecked Sendable {
  // `drainer` arbitrates; `handler` is immutable.
  @usableFromInline let drainer = Drainer<Item>()
  @usableFromInline let handler: (Item) -> Void

  @inlinable
  init(_ handler: @escaping (Item) -> Void) {
    self.handler = handler
  }

  /// Runs `item` now (and then anything queued meanwhile) or queues it behind the running one.
  @inlinable
  func submit(_ item: Item) {
    drainer.send(item, handler)
  }
}
