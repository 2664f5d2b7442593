/// Who scheduled an item on a `TestScheduler`: told once, when the item runs or is disposed before
/// running. How `TestStore` (ReactiveMVITesting) follows the effect tasks that sleep on the
/// scheduler.
package protocol ScheduledWorkOwner: Sendable {
  /// The item ran (`ran`), or was disposed before running.
  func itemDone(ran: Bool)
}

/// The code running now that wants to own what it schedules on a `TestScheduler`.
package protocol SchedulingScope: Sendable {
  /// Called on the thread that schedules an item: the owner to tell about it, or nil.
  func ownerOfScheduledWork() -> (any ScheduledWorkOwner)?
}

/// The `SchedulingScope` bound now: a task-local value, inherited by the tasks started inside it.
package enum SchedulingScopes {
  /// The scope of the code running now.
  @TaskLocal package static var current: (any SchedulingScope)?
}
