import Synchronization

/// The serial-delivery half of a multi-source sink: which thread delivers, and what waits.
///
/// A multi-source sink decides every state change under its lock and, in the same critical
/// section, hands the resulting item to `enter(_:_:)`. The caller that gets the item back is the
/// *drainer*: after unlocking it delivers the item, then calls `leaveIfIdle(_:)` and, only when
/// something was queued meanwhile, takes `next(_:)` under the lock, until nothing is left.
/// Everyone else (another thread, or a re-entrant call from inside the delivery) only queues. So
/// downstream never receives two events at once, items are delivered in the order they were
/// decided, re-entrant events are queued instead of recursing, and no lock is held while
/// downstream or user closures run.
///
/// The owner keeps an `Atomic<Int>` *state word* next to the queue and passes it in: bit 0 says a
/// drainer is active, the rest counts queued items. The word lets the drainer give up its role
/// with one compare-exchange when nothing is queued (the common case), instead of a second lock
/// round trip per item. Invariant: the count equals `queue.count` whenever the lock is free.
///
/// The queue itself is a plain struct with no locking: the owner guards it with its lock.
@usableFromInline
struct DeliveryQueue<Item> {
  @usableFromInline static var draining: Int { 1 }
  @usableFromInline static var queuedOne: Int { 2 }

  @usableFromInline var queue = FIFO<Item>()

  @usableFromInline init() {}

  /// Returns `item` when the caller must deliver it (and then drain); otherwise queues it.
  /// Lock held.
  @inlinable
  mutating func enter(_ item: Item, _ state: borrowing Atomic<Int>) -> Item? {
    if enterOrAnnounce(state, draining: Self.draining, announced: Self.queuedOne) { return item }
    queue.append(item)
    return nil
  }

  /// The drainer gives up its role when nothing is queued: `true` when it did (and must stop).
  /// Called without the lock; on `false`, take `next(_:)` under the lock.
  @inlinable
  static func leaveIfIdle(_ state: borrowing Atomic<Int>) -> Bool {
    state.compareExchange(expected: draining, desired: 0, ordering: .releasing).exchanged
  }

  /// The next item for the drainer, or `nil` (and the drainer role is released). Lock held.
  @inlinable
  mutating func next(_ state: borrowing Atomic<Int>) -> Item? {
    if let item = queue.popFirst() {
      state.subtract(Self.queuedOne, ordering: .relaxed)
      return item
    }
    state.subtract(Self.draining, ordering: .releasing)
    return nil
  }

  /// Drops every queued item (after disposal or a failure decided by the drainer). Lock held.
  @inlinable
  mutating func removeAll(_ state: borrowing Atomic<Int>) {
    let dropped = queue.count
    guard dropped > 0 else { return }
    queue.removeAll()
    state.subtract(dropped * Self.queuedOne, ordering: .relaxed)
  }
}

/// The entry step of every drainer-based serializer (`Hub`, `CombiningSink`, `DeliveryQueue`): on a state word
/// whose `draining` bit says a drainer is active and whose upper part counts queued work in units
/// of `announced`, either takes the drainer role (returns `true`) or counts one more queued item
/// (returns `false`; the caller then queues it where the drainer will find it).
///
/// Taking the role is acquiring: it pairs with the previous drainer's releasing exit, so the new
/// drainer sees everything the old one did.
@inlinable
func enterOrAnnounce(_ state: borrowing Atomic<Int>, draining: Int, announced: Int) -> Bool {
  var current = state.load(ordering: .relaxed)
  while true {
    if current & draining == 0 {
      let (exchanged, now) = state.compareExchange(
        expected: current, desired: current | draining, ordering: .acquiring)
      if exchanged { return true }
      current = now
    } else {
      let (exchanged, now) = state.compareExchange(
        expected: current, desired: current + announced, ordering: .relaxed)
      if exchanged { return false }
      current = now
    }
  }
}

/// The drainer's side of an announced item (`Hub`, `CombiningSink`): its sender counted it on
/// `state` and then queues it, so `pop` (which takes the queue's lock) may briefly find nothing;
/// waits for it, then uncounts it.
@inlinable
func takeAnnounced<Item>(
  _ state: borrowing Atomic<Int>, announced: Int, pop: () -> Item?
) -> Item {
  var round = 0
  while true {
    if let item = pop() {
      state.subtract(announced, ordering: .acquiring)
      return item
    }
    yieldThread(round)
    round += 1
  }
}
