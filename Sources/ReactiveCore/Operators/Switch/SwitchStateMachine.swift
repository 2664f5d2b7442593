/// The bookkeeping of `flatMapLatest`, `switchLatest` and `flatMapFirst`, without locking or
/// I/O: the sink calls it under its lock and acts after unlocking. Tests drive it directly.
///
/// Each inner gets an id; events from an inner that is no longer the current one are stale and
/// dropped.
@usableFromInline
struct SwitchStateMachine {
  /// Which inner wins when a new one arrives while one is running.
  @usableFromInline
  enum Mode {
    /// The new inner replaces the running one (`flatMapLatest`, `switchLatest`).
    case latest
    /// The new inner is ignored while one is running (`flatMapFirst`).
    case first
  }

  @usableFromInline let mode: Mode
  /// The id of the current inner (valid while `hasInner`).
  @usableFromInline var current = 0
  @usableFromInline var hasInner = false
  @usableFromInline var outerDone = false
  @usableFromInline var stopped = false

  @usableFromInline
  init(mode: Mode) { self.mode = mode }

  /// The outer emitted an inner: the id to subscribe it with, or `nil` to ignore it.
  @inlinable
  mutating func outerNext() -> Int? {
    guard !stopped else { return nil }
    if mode == .first && hasInner { return nil }
    current &+= 1
    hasInner = true
    return current
  }

  /// Whether an element of inner `id` is forwarded.
  @inlinable
  func innerNext(id: Int) -> Bool {
    !stopped && hasInner && id == current
  }

  /// Inner `id` completed: `true` when the result completes now.
  @inlinable
  mutating func innerCompleted(id: Int) -> Bool {
    guard !stopped, hasInner, id == current else { return false }
    hasInner = false
    if outerDone {
      stopped = true
      return true
    }
    return false
  }

  /// Inner `id` failed: `true` when the error is forwarded (stale inners are ignored).
  @inlinable
  mutating func innerFailed(id: Int) -> Bool {
    guard !stopped, hasInner, id == current else { return false }
    stopped = true
    return true
  }

  /// The outer completed: `true` when the result completes now.
  @inlinable
  mutating func outerCompleted() -> Bool {
    guard !stopped else { return false }
    outerDone = true
    if !hasInner {
      stopped = true
      return true
    }
    return false
  }

  /// An outer error or a disposal: `true` for the first one.
  @inlinable
  mutating func stop() -> Bool {
    guard !stopped else { return false }
    stopped = true
    return true
  }
}
