import Synchronization

/// The one dispose barrier of the package, shared by subscription leaves (`SubscriberLeaf`) and
/// scheduled work (`RunGate`): callbacks run between `enter()` and `leave()`; `close()` disposes.
///
/// What it promises: once `close()` has returned, no callback starts; and a callback running on
/// another thread has returned, **unless** the closing thread is itself delivering (inside a
/// callback, a drainer turn or a scheduled run; see `DeliveryDepth`). Then `close()` does not
/// wait: the running callback may still be finishing on its thread. That rule is what makes the
/// barrier deadlock-free: a waiting `close()` holds no delivery, so the callback it waits for can
/// always finish (unless user code blocks on the disposing thread itself, e.g. a lock it holds).
///
/// The payload (the user's closures) is released by whoever sees "closed and not running": the
/// closer when nothing runs (or after waiting), or the runner on `leave()` when the closer did not
/// wait (`deferRelease()`).
///
/// A closer that must wait spins briefly, then parks (`Parking`) with bit 3 set; the runner's
/// `leave()` clears it with the busy bit and wakes the closer, so a callback that nobody waits for
/// pays nothing for it.
///
/// `bits`: bit 0 a callback runs; bit 1 closed; bit 2 the runner releases on leaving; bit 3 a
/// closer is parked; bits from 4 (`ownerShift`) are free for the owner (kept in the same word to
/// order them with closing).
@usableFromInline
package struct DisposeBarrier: ~Copyable, Sendable {
  @usableFromInline package static var busy: Int { 1 }
  @usableFromInline package static var closed: Int { 2 }
  @usableFromInline package static var releaseOnLeave: Int { 4 }
  @usableFromInline package static var closerParked: Int { 8 }
  /// The first bit an owner may use in `bits`.
  @usableFromInline package static var ownerShift: Int { 4 }

  @usableFromInline package let bits = Atomic<Int>(0)
  /// The running thread's `DeliveryDepth` counter as a word, kept by `enter()` for `leave()`
  /// (one thread-local access per callback, not two).
  @usableFromInline let runner = Atomic<UInt>(0)

  @inlinable package init() {}

  /// What `close()` found.
  @usableFromInline
  package enum Closing {
    /// Someone closed it before (the payload is theirs).
    case alreadyClosed
    /// Nothing runs (any more): release the payload now.
    case releaseNow
    /// A callback runs and this closer must not wait: read what you need from the payload, then
    /// call `deferRelease()`.
    case runnerReleases
  }

  @inlinable
  package var isClosed: Bool { bits.load(ordering: .acquiring) & Self.closed != 0 }

  /// `isClosed` with no ordering: for a skip that reads nothing the closer wrote.
  @inlinable
  package var isClosedRelaxed: Bool { bits.load(ordering: .relaxed) & Self.closed != 0 }

  /// Starts a callback: `false` when closed (do not run it). Counts a delivery on the calling
  /// thread (see `DeliveryDepth`) until `leave()`.
  @inlinable
  package func enter() -> Bool {
    let counter = DeliveryDepth.counter()
    runner.store(DeliveryDepth.word(counter), ordering: .relaxed)
    guard enterWithinDelivery() else { return false }
    DeliveryDepth.enter(counter)
    return true
  }

  /// Ends a callback started by `enter()`: `true` when the caller must now release the payload
  /// (closed meanwhile by a closer that did not wait).
  @inlinable
  package func leave() -> Bool {
    DeliveryDepth.leave(DeliveryDepth.counter(word: runner.load(ordering: .relaxed)))
    return leaveWithinDelivery()
  }

  /// `enter()` for a callback made inside a delivery the calling thread already counts (a hub's
  /// drainer turn delivering to its subscriber leaves): the same arbitration with closing, no
  /// count of its own. End it with `leaveWithinDelivery()`.
  @inlinable @inline(__always)
  package func enterWithinDelivery() -> Bool {
    var current = bits.load(ordering: .relaxed)
    while true {
      if current & Self.closed != 0 { return false }
      assert(
        current & Self.busy == 0, "Observable contract violated: events delivered concurrently")
      let (exchanged, now) = bits.compareExchange(
        expected: current, desired: current | Self.busy, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = now
    }
  }

  /// Ends a callback started by `enterWithinDelivery()` (same result as `leave()`).
  @inlinable @inline(__always)
  package func leaveWithinDelivery() -> Bool {
    leaveWithinDelivery(orElse: { leftWhileClosing($0) })
  }

  /// `leaveWithinDelivery()` for an owner on a delivery path: `rare` is its half for the rare
  /// cases, given the bits before leaving; it must call `leftWhileClosing(_:)` with them, and
  /// either return its answer or release the payload itself (then returning `false`). Let it be
  /// an out-of-line method of the owner, which the caller holds in a register anyway: the hot
  /// path then reaches `bits` (and the payload) only by offsets in memory operands. (A rare half
  /// given the barrier's address keeps that address in a register on every delivery.)
  @inlinable @inline(__always)
  package func leaveWithinDelivery(orElse rare: (_ old: Int) -> Bool) -> Bool {
    let old = bits.bitwiseAnd(
      ~(Self.busy | Self.releaseOnLeave | Self.closerParked), ordering: .acquiringAndReleasing
    ).oldValue
    // One test for both rare cases, as cheap as testing `releaseOnLeave` alone.
    if old & (Self.releaseOnLeave | Self.closerParked) == 0 { return false }
    return rare(old)
  }

  /// The rare half of leaving, given the bits before: wakes a closer parked on `bits`, and says
  /// whether the runner releases. Out of line, so that the hot path keeps its registers.
  @usableFromInline
  package func leftWhileClosing(_ old: Int) -> Bool {
    if old & Self.closerParked != 0 { Parking.unpark(Parking.address(of: bits)) }
    return old & Self.releaseOnLeave != 0
  }

  /// Closes the barrier (any thread), waiting for a callback running on another thread unless the
  /// calling thread is delivering. `old` receives the bits before closing.
  @inlinable
  package func close(old: inout Int) -> Closing {
    old = bits.bitwiseOr(Self.closed, ordering: .acquiringAndReleasing).oldValue
    let first = old & Self.closed == 0
    if old & Self.busy != 0 {
      // Every running callback is inside a counted delivery (its own `enter()`, or the drainer
      // turn around `enterWithinDelivery()`), so a close from inside it sees a depth too.
      if DeliveryDepth.isDelivering { return first ? .runnerReleases : .alreadyClosed }
      waitUntilIdle()
    }
    return first ? .releaseNow : .alreadyClosed
  }

  /// After `.runnerReleases`: asks the runner to release the payload when it leaves; `true` when
  /// it has already left (then the caller releases now).
  @inlinable
  package func deferRelease() -> Bool {
    // Acquiring: when the runner has left, the caller releases the payload, and must see the
    // runner's last writes to it (its `leave()` releases them).
    var current = bits.load(ordering: .acquiring)
    while true {
      if current & Self.busy == 0 { return true }
      let (exchanged, now) = bits.compareExchange(
        expected: current, desired: current | Self.releaseOnLeave,
        ordering: .acquiringAndReleasing)
      if exchanged { return false }
      current = now
    }
  }

  /// Waits until the running callback has left: a short spin, then parked with `closerParked`
  /// set, which its `leave()` clears when it wakes the closer (see `Parking`).
  @usableFromInline
  func waitUntilIdle() {
    Parking.wait(on: bits, recording: Self.closerParked) { $0 & Self.busy == 0 }
  }

}
