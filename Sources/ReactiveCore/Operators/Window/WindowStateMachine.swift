/// The window bookkeeping of `window(timeSpan:count:scheduler:)`, without locking: the sink runs
/// it serially. The windows themselves (subjects) live in the sink, and which timer is current is
/// the sink's business (`SerializedSink.isCurrentTimer`): every new window restarts it.
@usableFromInline
struct WindowStateMachine {
  @usableFromInline let count: Int
  /// Elements in the current window.
  @usableFromInline var elements = 0

  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// An element went into the current window: `true` when that filled it (a new window opens).
  @inlinable
  mutating func next() -> Bool {
    elements += 1
    guard elements == count else { return false }
    elements = 0
    return true
  }

  /// The current timer fired: a new window opens.
  @inlinable
  mutating func timerFired() {
    elements = 0
  }
}
