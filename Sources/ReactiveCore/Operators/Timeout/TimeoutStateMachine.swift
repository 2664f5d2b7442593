/// The state of `timeout`, without locking: the sink runs it serially (see `Serializer`).
@usableFromInline
struct TimeoutStateMachine {
  /// The generation of the current timer; a timer of an older generation is stale.
  @usableFromInline var generation: UInt64 = 0
  /// The timer won: the source is dropped and the fallback runs.
  @usableFromInline var switched = false

  @inlinable init() {}

  /// A source element or terminal event: `true` when it wins (forward it, and after an element
  /// restart the timer for the new `generation`).
  @inlinable
  mutating func sourceEvent() -> Bool {
    guard !switched else { return false }
    generation &+= 1
    return true
  }

  /// A timer fired: `true` when it wins (switch to the fallback).
  @inlinable
  mutating func timerFired(id: UInt64) -> Bool {
    guard !switched, id == generation else { return false }
    switched = true
    return true
  }
}
