/// The window bookkeeping of `window(timeSpan:count:scheduler:)`, without locking: the sink runs
/// it serially. The windows themselves (subjects) live in the sink.
@usableFromInline
struct WindowStateMachine {
  @usableFromInline let count: Int
  /// Elements in the current window.
  @usableFromInline var elements = 0
  /// The current window; a timer of an older window is stale.
  @usableFromInline var window: UInt64 = 0

  @inlinable
  init(count: Int) {
    self.count = count
  }

  /// An element went into the current window: the id of the next window when this one is full.
  @inlinable
  mutating func next() -> UInt64? {
    elements += 1
    return elements == count ? openWindow() : nil
  }

  /// A timer fired: the id of the next window, unless the timer is stale.
  @inlinable
  mutating func timerFired(window id: UInt64) -> UInt64? {
    id == window ? openWindow() : nil
  }

  @inlinable
  mutating func openWindow() -> UInt64 {
    elements = 0
    window &+= 1
    return window
  }
}
