/// A value that only the thread holding its owner's drainer role may touch: a hub's subscriber
/// list, a store's state subscriptions, a combining sink's state machine.
///
/// The value is reachable only through methods that borrow a `DrainerRole`, and only the
/// drainer makes a role (`tryEnter()`, `enter(orEnqueue:)`, and the role it lends to
/// `DrainerOwner.handle(_:_:)` for queued items). So code outside the engine cannot read or
/// change drainer-owned state without holding the role: the rule is checked by the compiler,
/// not by a comment, and costs nothing at run time (a role has no stored properties, and each
/// method is inlined to a plain access of the field).
///
/// What the type cannot check: that the role is the one of *this* owner's drainer. Each owner
/// keeps its `DrainerOwned` fields beside its one drainer, and the only roles in its code are
/// that drainer's.
///
/// The owner declares the field `@exclusivity(unchecked) var`: the role serializes every access,
/// so the run-time exclusivity check would only add cost. A closure given to `read` or `modify`
/// may call out of the owner (a combining sink's selector runs on its storage in place): an item
/// submitted from there is queued, never handled inside the closure, so nothing else reaches the
/// value meanwhile. On hot paths, though, read what you need, return, then call out: a `read`
/// whose closure calls out may make the optimizer copy the value (a retain) around the call.
///
/// Before the owner is shared (in its `init`) the value is set by `init(_:)`; nothing else is
/// reachable without a role, in `deinit` included (the stored value is simply destroyed).
@frozen @usableFromInline
package struct DrainerOwned<Value: ~Copyable>: ~Copyable {
  @usableFromInline var value: Value

  @inlinable
  package init(_ value: consuming Value) { self.value = value }

  /// Replaces the value.
  @inlinable @inline(__always)
  package mutating func set(_ newValue: consuming Value, _ role: borrowing DrainerRole) {
    value = newValue
  }

  /// Reads the value in place (no copy: for values that hold storage).
  @inlinable @inline(__always)
  package func read<Result>(
    _ role: borrowing DrainerRole, _ body: (borrowing Value) throws -> Result
  ) rethrows -> Result {
    try body(value)
  }

  /// Changes the value in place.
  @inlinable @inline(__always)
  package mutating func modify<Result>(
    _ role: borrowing DrainerRole, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    try body(&value)
  }
}

extension DrainerOwned: Copyable where Value: Copyable {
  /// A copy of the value (for small values: a flag, an enum, an index).
  @inlinable @inline(__always)
  package func get(_ role: borrowing DrainerRole) -> Value { value }
}
