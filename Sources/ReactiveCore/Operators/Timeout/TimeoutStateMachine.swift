/// The state of `timeout`, without locking: the sink runs it serially (see `SerializedSink`). Which
/// timer is current is the sink's business (`SerializedSink.isCurrentTimer`): every source element
/// restarts it.
@usableFromInline
enum TimeoutStateMachine {
  /// Watching the source.
  case watching
  /// The timer won: the source is dropped and the fallback runs.
  case switched

  @inlinable init() { self = .watching }

  /// A source element or terminal event: `true` when it wins (forward it, and after an element
  /// restart the timer).
  @inlinable
  func sourceEvent() -> Bool {
    self == .watching
  }

  /// The current timer fired: `true` when it wins (switch to the fallback).
  @inlinable
  mutating func timerFired() -> Bool {
    guard self == .watching else { return false }
    self = .switched
    return true
  }
}
