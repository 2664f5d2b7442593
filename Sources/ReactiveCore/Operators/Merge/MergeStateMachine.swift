/// The bookkeeping of `merge`, `merge(maxConcurrent:)`, `concat`, `flatMap` and `concatMap`,
/// without locking or I/O: the sink calls it under its lock and performs the returned action
/// after unlocking. Tests drive it directly.
///
/// Inner sources are subscribed by one *starter* at a time, in a loop: an inner that completes
/// synchronously while being subscribed does not subscribe the next one recursively; the loop
/// picks it up when the subscription returns. That keeps long synchronous `concat` chains flat.
@usableFromInline
struct MergeStateMachine<Inner> {
  /// What a completed inner asks the sink to do.
  @usableFromInline
  enum InnerCompletion {
    /// Nothing (more inners are running, or the outer is still live).
    case none
    /// Become the starter and subscribe this inner.
    case start(Inner)
    /// Everything completed: forward `.completed`.
    case complete
  }

  @usableFromInline let maxConcurrent: Int
  /// Inners subscribed (or being subscribed) and not yet completed.
  @usableFromInline var active = 0
  /// Inners waiting for a free slot, oldest first.
  @usableFromInline var pending = FIFO<Inner>()
  /// Whether some thread is running the starter loop.
  @usableFromInline var starting = false
  @usableFromInline var outerDone = false
  /// Set once a terminal event was decided or the subscription was disposed.
  @usableFromInline var stopped = false

  @usableFromInline
  init(maxConcurrent: Int) {
    precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0")
    self.maxConcurrent = maxConcurrent
  }

  /// The outer emitted `inner`: returns it when the caller must become the starter.
  @inlinable
  mutating func outerNext(_ inner: Inner) -> Inner? {
    guard !stopped else { return nil }
    if starting || active >= maxConcurrent {
      pending.append(inner)
      return nil
    }
    active += 1
    starting = true
    return inner
  }

  /// The starter finished subscribing one inner: the next inner to subscribe, or `nil` (and the
  /// starter role is released).
  @inlinable
  mutating func nextToStart() -> Inner? {
    if !stopped, active < maxConcurrent, let inner = pending.popFirst() {
      active += 1
      return inner
    }
    starting = false
    return nil
  }

  @inlinable
  mutating func innerCompleted() -> InnerCompletion {
    guard !stopped else { return .none }
    active -= 1
    if !starting, active < maxConcurrent, let inner = pending.popFirst() {
      active += 1
      starting = true
      return .start(inner)
    }
    if outerDone && active == 0 && pending.isEmpty {
      stopped = true
      return .complete
    }
    return .none
  }

  /// The outer completed: `true` when the result completes now.
  @inlinable
  mutating func outerCompleted() -> Bool {
    guard !stopped else { return false }
    outerDone = true
    if active == 0 && pending.isEmpty {
      stopped = true
      return true
    }
    return false
  }

  /// An error or a disposal: `true` for the first one (which is forwarded).
  @inlinable
  mutating func stop() -> Bool {
    guard !stopped else { return false }
    stopped = true
    pending.removeAll()
    return true
  }
}
