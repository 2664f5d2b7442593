import ReactiveEngine

/// The bookkeeping of `merge`, `merge(maxConcurrent:)`, `concat`, `flatMap` and `concatMap`,
/// without locking or I/O: the sink calls it under its lock and performs the returned action
/// after unlocking. Tests drive it directly.
///
/// Inner sources are subscribed by one *starter* at a time, in a loop: an inner that completes
/// synchronously while being subscribed does not subscribe the next one recursively; the loop
/// picks it up when the subscription returns. That keeps long synchronous `concat` chains flat.
@usableFromInline
struct MergeStateMachine<Inner>: FlatteningState {
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

  /// Where the merge stands.
  @usableFromInline
  enum Phase {
    /// The outer sequence may still emit inners.
    case live
    /// The outer completed: the result completes once every inner did.
    case outerDone
    /// A terminal event was decided or the subscription was disposed.
    case stopped
  }

  @usableFromInline let maxConcurrent: Int
  /// Inners subscribed (or being subscribed) and not yet completed.
  @usableFromInline var active = 0
  /// Inners waiting for a free slot, oldest first.
  @usableFromInline var pending = FIFO<Inner>()
  /// Whether some thread is running the starter loop: a role, independent of the phase (a
  /// starter may run while the outer is live or done, and finds out it stopped on its next step).
  @usableFromInline var starting = false
  @usableFromInline var phase = Phase.live

  @usableFromInline
  init(maxConcurrent: Int) {
    precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0")
    self.maxConcurrent = maxConcurrent
  }

  /// The outer emitted `inner`: returns it when the caller must become the starter.
  /// Whether a terminal event was decided or the subscription disposed.
  @inlinable
  var isStopped: Bool {
    if case .stopped = phase { return true }
    return false
  }

  @inlinable
  mutating func outerNext(_ inner: Inner) -> Inner? {
    guard !isStopped else { return nil }
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
    if !isStopped, active < maxConcurrent, let inner = pending.popFirst() {
      active += 1
      return inner
    }
    starting = false
    return nil
  }

  @inlinable
  mutating func innerCompleted() -> InnerCompletion {
    guard !isStopped else { return .none }
    active -= 1
    if !starting, active < maxConcurrent, let inner = pending.popFirst() {
      active += 1
      starting = true
      return .start(inner)
    }
    if case .outerDone = phase, active == 0, pending.isEmpty {
      phase = .stopped
      return .complete
    }
    return .none
  }

  /// The outer completed: `true` when the result completes now.
  @inlinable
  mutating func outerCompleted() -> Bool {
    guard !isStopped else { return false }
    if active == 0 && pending.isEmpty {
      phase = .stopped
      return true
    }
    phase = .outerDone
    return false
  }

  /// An error or a disposal (see `SerialDeliveryState.stop()`).
  @inlinable
  mutating func markStopped() {
    phase = .stopped
    pending.removeAll()
  }
}
