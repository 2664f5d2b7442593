/// The bookkeeping of `flatMapLatest`, `switchLatest` and `flatMapFirst`, without locking or
/// I/O: the sink calls it under its lock and acts after unlocking. Tests drive it directly.
///
/// Each inner gets an id; events from an inner that is no longer the current one are stale and
/// dropped.
///
/// The machine also owns the running inner's subscription (`attach(_:id:)`), so the rules about
/// disposing inners live here: replacing an inner hands the old subscription back to be disposed
/// before the new inner is subscribed; a subscription whose inner is no longer running when its
/// `subscribe` returns, or that arrives after the sink disposed its sources, is handed back to be
/// disposed at once. What it hands back, the sink disposes after unlocking.
@usableFromInline
struct SwitchStateMachine: FlatteningState {
  /// Which inner wins when a new one arrives while one is running.
  @usableFromInline
  enum Mode {
    /// The new inner replaces the running one (`flatMapLatest`, `switchLatest`).
    case latest
    /// The new inner is ignored while one is running (`flatMapFirst`).
    case first
  }

  /// Where the switch stands.
  @usableFromInline
  enum Phase {
    /// The outer sequence may still emit; `inner` is the id of the running inner, if any.
    case live(inner: Int?)
    /// The outer completed while inner `inner` runs: its completion completes the result.
    case outerDone(inner: Int)
    /// A terminal event was decided or the subscription was disposed.
    case stopped
  }

  @usableFromInline let mode: Mode
  /// The id given to the latest inner (ids only grow).
  @usableFromInline var lastID = 0
  @usableFromInline var phase = Phase.live(inner: nil)
  /// The running inner's subscription, once its `subscribe` returned.
  @usableFromInline var subscription: Disposable?
  /// Set once the sink disposed its sources (`disposeInner()`).
  @usableFromInline var isDisposed = false

  @usableFromInline
  init(mode: Mode) { self.mode = mode }

  /// The id of the inner whose events are forwarded now: the running one unless the switch
  /// stopped; 0 when there is none (ids start at 1).
  @inlinable
  var acceptedID: Int {
    switch phase {
    case .live(let inner): return inner ?? 0
    case .outerDone(let inner): return inner
    case .stopped: return 0
    }
  }

  /// The running inner's id, if it is `id` and the switch has not stopped.
  @inlinable
  func isCurrent(_ id: Int) -> Bool { id != 0 && acceptedID == id }

  /// `flatMapFirst` ignores a new inner (without running the selector): one runs, or it stopped.
  @inlinable
  var isBusy: Bool {
    if case .live(nil) = phase { return false }
    return true
  }

  /// The outer emitted an inner: the id to subscribe it with and the replaced inner's
  /// subscription (dispose it before subscribing the new inner), or `nil` to ignore it.
  @inlinable
  mutating func outerNext() -> (id: Int, replaced: Disposable?)? {
    guard case .live(let inner) = phase else { return nil }
    if mode == .first && inner != nil { return nil }
    lastID &+= 1
    phase = .live(inner: lastID)
    let replaced = subscription
    subscription = nil
    return (lastID, replaced)
  }

  /// Inner `id`'s `subscribe` returned `subscription`: kept while that inner runs, else handed
  /// back to be disposed now (the inner was replaced or stopped meanwhile, or the switch ended).
  @inlinable
  mutating func attach(_ subscription: Disposable, id: Int) -> Disposable? {
    guard !isDisposed, isCurrent(id) else { return subscription }
    self.subscription = subscription
    return nil
  }

  /// Inner `id` sent a terminal event: its subscription, to dispose now, if it is the running
  /// inner (a replaced one was disposed when it was replaced).
  @inlinable
  mutating func detachInner(id: Int) -> Disposable? {
    guard isCurrent(id) else { return nil }
    let finished = subscription
    subscription = nil
    return finished
  }

  /// The sink disposes its sources: the running inner's subscription, to dispose now; one
  /// attached later is disposed at once.
  @inlinable
  mutating func disposeInner() -> Disposable? {
    isDisposed = true
    let running = subscription
    subscription = nil
    return running
  }

  /// Whether an element of inner `id` is forwarded.
  @inlinable
  func innerNext(id: Int) -> Bool { isCurrent(id) }

  /// Inner `id` completed: `true` when the result completes now.
  @inlinable
  mutating func innerCompleted(id: Int) -> Bool {
    guard isCurrent(id) else { return false }
    if case .outerDone = phase {
      phase = .stopped
      return true
    }
    phase = .live(inner: nil)
    return false
  }

  /// Inner `id` failed: `true` when the error is forwarded (stale inners are ignored).
  @inlinable
  mutating func innerFailed(id: Int) -> Bool {
    guard isCurrent(id) else { return false }
    phase = .stopped
    return true
  }

  /// The outer completed: `true` when the result completes now.
  @inlinable
  mutating func outerCompleted() -> Bool {
    guard case .live(let inner) = phase else { return false }
    guard let inner else {
      phase = .stopped
      return true
    }
    phase = .outerDone(inner: inner)
    return false
  }

  @inlinable
  var isStopped: Bool {
    if case .stopped = phase { return true }
    return false
  }

  /// An outer error or a disposal (see `SerialDeliveryState.stop()`).
  @inlinable
  mutating func markStopped() { phase = .stopped }
}
