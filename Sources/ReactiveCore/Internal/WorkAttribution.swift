import CReactiveCoreSupport

/// The unit of work the calling thread is starting or running — a store's effect, named by the
/// store (`owner`) and the effect's number (`key`) — so that a test scheduler can say which
/// effect each of its pending items belongs to.
///
/// Who sets it: the store, around the synchronous part of starting an effect (its
/// subscription); a test scheduler, around running an item that was scheduled under an
/// attribution, so that work an item schedules in turn (a `delay`'s completion, the next tick
/// of an `interval`) inherits it. Who reads it: a test scheduler, when an item is scheduled.
/// Work scheduled from elsewhere (an async task, another thread) has none.
///
/// Thread safety: per thread (a C thread-local); a scope set on one thread is invisible to
/// others.
package struct WorkAttribution: Hashable, Sendable {
  /// The identity of the owner (`UInt(bitPattern: ObjectIdentifier(store))`); never 0.
  package let owner: UInt
  /// The unit of work within the owner (an effect's start number).
  package let key: Int

  package init(owner: ObjectIdentifier, key: Int) {
    self.owner = UInt(bitPattern: owner)
    self.key = key
  }

  /// The attribution of the work the calling thread is in, if any.
  package static var current: WorkAttribution? {
    let owner = reactive_core_work_owner_slot().pointee
    guard owner != 0 else { return nil }
    return WorkAttribution(owner: owner, key: reactive_core_work_key_slot().pointee)
  }

  private init(owner: UInt, key: Int) {
    self.owner = owner
    self.key = key
  }

  /// Runs `body` with `attribution` as the calling thread's current one (none for `nil`), then
  /// restores the one before.
  package static func withCurrent<Result>(
    _ attribution: WorkAttribution?, _ body: () throws -> Result
  ) rethrows -> Result {
    let ownerSlot = reactive_core_work_owner_slot()
    let keySlot = reactive_core_work_key_slot()
    let (owner, key) = (ownerSlot.pointee, keySlot.pointee)
    ownerSlot.pointee = attribution?.owner ?? 0
    keySlot.pointee = attribution?.key ?? 0
    defer { (ownerSlot.pointee, keySlot.pointee) = (owner, key) }
    return try body()
  }
}
