/// An object whose items run on its own `Drainer`, through `handle(_:_:)`: the subjects' hub, the
/// store, the multi-source sinks and the time operators' sink.
///
/// The drainer's owner-taking methods are the one way in: `submit(_:to:)` (and, split around the
/// owner's lock, `enter(orEnqueue:)` then `finishSubmit(_:_:to:)`). On the uncontended path the
/// calling thread takes the role with one compare-exchange, calls `handle(_:_:)` directly
/// (specialized, no closure formed) and leaves with one more; the closure that drains what other
/// threads queued meanwhile is formed only on the branch that needs it, so an idle owner's item
/// costs no context and no retain.
///
/// A hot path whose caller holds something other than the queued item (a hub's event, where the
/// queued item is `.event(event)`) handles it itself: `if let role = drainer.tryEnter() { …(role);
/// drainer.leave(role, for: self) } else { drainer.submitContended(item, to: self) }`. Building
/// the item for `submit` would copy what it wraps (a retain for a reference payload, and calls to
/// the enum's outlined copy and destroy on every delivery): about 28 instructions per relay event
/// in the instruction gate.
///
/// `handle(_:_:)` runs only on the thread holding the drainer role, one item at a time, never
/// recursively: what it submits to its own drainer is queued behind it. It is lent the role, the
/// one key to the owner's `DrainerOwned` state.
///
/// (The owner passes itself rather than the protocol requiring its drainer: a requirement of a
/// noncopyable type is read through a coroutine, whose frame an unspecialized call allocates.)
@usableFromInline
package protocol DrainerOwner: AnyObject {
  associatedtype Item

  /// Handles one item; called by the role holder only, which lends it the role.
  func handle(_ item: Item, _ role: borrowing DrainerRole)
}

extension Drainer {
  /// Handles `item` now with `owner` (then everything queued meanwhile) when the drainer is idle,
  /// otherwise queues it behind the running item and applies the backlog rule (see `Drainer`).
  @inlinable @inline(__always)
  package func submit<Owner: DrainerOwner>(_ item: Item, to owner: Owner)
  where Owner.Item == Item {
    if let role = tryEnter() {
      owner.handle(item, role)
      leave(role, for: owner)
    } else {
      submitContended(item, to: owner)
    }
  }

  /// The drainer is busy (or closed): queue `item`, or take the role if it became free.
  @inlinable
  package func submitContended<Owner: DrainerOwner>(_ item: Item, to owner: Owner)
  where Owner.Item == Item {
    send(item) { owner.handle($0, $1) }
  }

  /// The second half of a submission split around the owner's lock, with what
  /// `enter(orEnqueue:)` returned under it: with the role, handles `item` and leaves; without it
  /// (`item` is queued), applies the backlog rule. Call it outside any lock of the owner's.
  @inlinable @inline(__always)
  package func finishSubmit<Owner: DrainerOwner>(
    _ role: consuming Role?, _ item: Item, to owner: Owner
  ) where Owner.Item == Item {
    if let role {
      owner.handle(item, role)
      leave(role, for: owner)
    } else {
      throttle { owner.handle($0, $1) }
    }
  }

  /// Runs `body` with the role of a drainer nobody holds: an owner's set-up before it is shared
  /// (a time operator's first timer), or a test or diagnostic reading an idle owner's
  /// `DrainerOwned` state. Traps when the role is held: waiting for it here could deadlock.
  /// `owner` then handles whatever `body` caused to be queued, as any holder's leaving does.
  @inlinable
  package func withIdleRole<Owner: DrainerOwner, Result>(
    for owner: Owner, _ body: (borrowing Role) -> Result
  ) -> Result where Owner.Item == Item {
    guard let role = tryEnter() else {
      preconditionFailure("withIdleRole(for:_:): the drainer's role is held")
    }
    let result = body(role)
    leave(role, for: owner)
    return result
  }

  /// Gives up a role this thread holds: `owner` handles what was queued meanwhile, then the
  /// thread leaves (one compare-exchange when nothing was queued).
  @inlinable @inline(__always)
  package func leave<Owner: DrainerOwner>(_ role: consuming Role, for owner: Owner)
  where Owner.Item == Item {
    if let role = tryLeave(role) { drain(role) { owner.handle($0, $1) } }
  }
}
