/// The state of `timeout`, without locking: the sink runs it serially (see `Serializer`).
@usableFromInline
struct TimeoutStateMachine {
  @usableFromInline
  enum Phase {
    /// Watching the source; `generation` names its current timer (an older timer is stale).
    case watching(generation: UInt64)
    /// The timer won: the source is dropped and the fallback runs.
    case switched
  }

  @usableFromInline var phase = Phase.watching(generation: 0)

  @inlinable init() {}

  /// The generation of the current timer (the last one, once switched).
  @inlinable
  var generation: UInt64 {
    if case .watching(let generation) = phase { return generation }
    return 0
  }

  /// A source element or terminal event: `true` when it wins (forward it, and after an element
  /// restart the timer for the new `generation`).
  @inlinable
  mutating func sourceEvent() -> Bool {
    guard case .watching(let generation) = phase else { return false }
    phase = .watching(generation: generation &+ 1)
    return true
  }

  /// A timer fired: `true` when it wins (switch to the fallback).
  @inlinable
  mutating func timerFired(id: UInt64) -> Bool {
    guard case .watching(let generation) = phase, id == generation else { return false }
    phase = .switched
    return true
  }
}
