import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one serializing engine of ReactiveCore: "the thread that finds the box idle becomes the
/// *drainer*; everyone else queues". Subjects and relays (`Hub`), the multi-source sinks, the
/// `Serializer` of the time operators and the `Store` all run on it. See Docs/Internals.md.
///
/// A drainer owns a state word and a FIFO of `Item`s. Whoever takes the *drainer role* handles its
/// own item, then every item queued meanwhile (by other threads, or re-entrantly from inside the
/// handling), then leaves. So the owner's handling never runs twice at once, never recursively,
/// items are handled in the order they were queued, and no lock is held while handling.
///
/// Two ways to use it:
/// - An owner that handles items itself (`Hub`, `Store`) calls `send(_:_:)`, or on its own fast
///   path `tryEnter()`, then handles its item and calls `drain(_:)`.
/// - A sink that decides state under its own lock calls `enterOrEnqueue(_:)` inside its critical
///   section (it never waits and never calls out), and after unlocking either handles the item
///   and `drain(_:)`s (on `true`) or calls `throttle(_:)` (on `false`).
///
/// Costs: uncontended, one compare-exchange to enter and one to leave, no lock. Queued items are
/// counted and appended under one lock (so the drainer never spins for an announced item), and
/// the FIFO allocates only when it grows (it shrinks again after a burst).
///
/// **Backlog bound.** A producer that queued its item while more than `backlogLimit` items wait
/// blocks in `throttle(_:)` until the drainer has caught up, unless the producing thread is itself
/// delivering (inside any drainer turn or subscription callback, see `DeliveryDepth`): then it
/// returns at once, so a re-entrant send never blocks and a drainer never waits. After
/// `backlogLimit` items in one turn, a drainer that sees a blocked producer hands the role to it
/// (the producer drains on its own thread) instead of being held by other threads forever.
///
/// **Long turns.** A producer that is delivering never blocks, so a drainer fed by one (a
/// `share` fed from a relay's delivery, say) could drain its items forever; the thread holding the
/// role may be one that only came to drop a subscription, and its `dispose()` would never
/// return. So after `backlogLimit` items in one turn the drainer marks the turn long
/// (`DrainerBits.longTurn`); from then on every producer that queues an item looks in for a
/// moment (registered like a blocked producer, for at most `takeOverRounds` yields), and the
/// drainer, seeing it, leaves the role with the items still queued: that producer takes the role
/// and drains them. Nobody waits unboundedly, so the no-deadlock rule above still holds.
///
/// State word: bit 0 = a drainer is active; bits 1–20 = producers registered in `throttle`
/// (blocked, or looking in during a long turn); bit 21 = the current turn is long; bits 22 and
/// up = queued items.
@usableFromInline
package struct Drainer<Item>: ~Copyable, @unchecked Sendable {
  // `state` arbitrates everything; `queue` holds its FIFO under its own mutex.

  /// Queued items above which a producer that is not delivering waits (see the type's notes).
  @inlinable package static var backlogLimit: Int { DrainerBits.backlogLimit }

  @usableFromInline let state = Atomic<Int>(0)
  /// The role holder's `DeliveryDepth` counter (as a word); written and read by the holder only.
  @usableFromInline let holder = Atomic<UInt>(0)
  @usableFromInline let queue: DrainerQueue<Item>

  /// An idle drainer with an empty queue (one allocation: the queue with its mutex).
  @inlinable
  package init() {
    queue = DrainerQueue<Item>.make()
  }

  // MARK: Entering

  /// The lock-free fast path: takes the drainer role when the drainer is idle and nothing is
  /// queued (one compare-exchange). On `true`, handle your item, then call `drain(_:)`; on `false`
  /// use `enterOrEnqueue(_:)`.
  @inlinable @inline(__always)
  package func tryEnter() -> Bool {
    if state.compareExchange(expected: 0, desired: DrainerBits.draining, ordering: .acquiring)
      .exchanged
    {
      becomeHolder()
      return true
    }
    return false
  }

  /// The role was just taken by this thread: count the delivery.
  @inlinable @inline(__always)
  func becomeHolder() {
    let counter = DeliveryDepth.counter()
    counter.pointee += 1
    holder.store(DeliveryDepth.word(counter), ordering: .relaxed)
  }

  /// The role is being given up by this thread.
  @inlinable @inline(__always)
  func stopBeingHolder() {
    DeliveryDepth.leave(DeliveryDepth.counter(word: holder.load(ordering: .relaxed)))
  }

  /// The lock-free fast exit: gives up the role when nothing is queued (one compare-exchange).
  /// On `false`, call `drain(_:)`.
  @inlinable @inline(__always)
  package func tryLeave() -> Bool {
    stopBeingHolder()
    if state.compareExchange(expected: DrainerBits.draining, desired: 0, ordering: .releasing)
      .exchanged
    {
      return true
    }
    becomeHolderAgain()
    return false
  }

  @inlinable @inline(__always)
  func becomeHolderAgain() {
    DeliveryDepth.counter(word: holder.load(ordering: .relaxed)).pointee += 1
  }

  /// Takes the drainer role (`true`: handle `item`, then call `drain(_:)`) or counts and queues
  /// `item` under the queue's lock (`false`: then call `throttle(_:)` once, outside any lock of
  /// yours). Never waits and never calls out, so it may be called under the owner's lock to order
  /// a state change with its delivery.
  @inlinable
  package func enterOrEnqueue(_ item: Item) -> Bool {
    queue.lock()
    var current = state.load(ordering: .relaxed)
    while true {
      if current & DrainerBits.draining == 0 && current >> DrainerBits.queuedShift == 0 {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current | DrainerBits.draining, ordering: .acquiring)
        if exchanged {
          queue.unlock()
          becomeHolder()
          return true
        }
        current = now
      } else {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current + DrainerBits.queuedUnit, ordering: .relaxed)
        if exchanged {
          queue.append(item)
          queue.unlock()
          return false
        }
        current = now
      }
    }
  }

  /// Everything a producer does with `item`: handles it now (then drains) when it gets the role,
  /// otherwise queues it and applies the backlog rule.
  @inlinable
  package func send(_ item: Item, _ handle: (Item) -> Void) {
    if tryEnter() || enterOrEnqueue(item) {
      handle(item)
      if !tryLeave() { drain(handle) }
    } else {
      throttle(handle)
    }
  }

  // MARK: Draining (the role holder only)

  /// Handles queued items until none is left, then leaves the role (one compare-exchange when
  /// nothing was queued). May instead hand the role to a producer blocked in `throttle(_:)`.
  @inlinable
  package func drain(_ handle: (Item) -> Void) {
    var turn = 0
    while true {
      let current = state.load(ordering: .relaxed)
      if current >> DrainerBits.queuedShift == 0
        || (turn >= DrainerBits.backlogLimit && current & DrainerBits.waiterMask != 0)
      {
        // Idle, or fair hand-off: a registered producer takes over what is still queued.
        stopBeingHolder()
        if state.compareExchange(
          expected: current, desired: current & ~(DrainerBits.draining | DrainerBits.longTurn),
          ordering: .releasing
        ).exchanged {
          return
        }
        becomeHolderAgain()
        continue
      }
      if turn >= DrainerBits.backlogLimit && current & DrainerBits.longTurn == 0 {
        // Ask producers to look in, so that one of them can take over (see "Long turns").
        state.bitwiseOr(DrainerBits.longTurn, ordering: .relaxed)
      }
      queue.lock()
      let item = queue.popFirst()
      state.subtract(DrainerBits.queuedUnit, ordering: .relaxed)
      queue.unlock()
      turn &+= 1
      // Counted under the lock that appended it, so it is there.
      handle(item.unsafelyUnwrapped)
    }
  }

  /// The backlog rule, for a producer whose `enterOrEnqueue(_:)` returned `false` (call it outside
  /// any lock of yours). Returns at once unless more than `backlogLimit` items are queued and the
  /// calling thread is not delivering; then waits until the drainer catches up or hands the role
  /// over (the caller then drains with `handle`).
  @inlinable
  package func throttle(_ handle: (Item) -> Void) {
    let current = state.load(ordering: .relaxed)
    if current & (DrainerBits.draining | DrainerBits.longTurn) == DrainerBits.draining
      && current >> DrainerBits.queuedShift <= DrainerBits.backlogLimit
    {
      return
    }
    throttleSlow(current, handle)
  }

  @inlinable
  func throttleSlow(_ observed: Int, _ handle: (Item) -> Void) {
    let delivering = DeliveryDepth.isDelivering
    var current = observed
    var registered = false
    var round = 0
    // Rounds left to look in on a long turn (see the type's notes); a blocked producer waits
    // without this limit, a looking one gives up after it.
    var lookIn = DrainerBits.takeOverRounds
    while true {
      let unregister = registered ? DrainerBits.waiterUnit : 0
      if current & DrainerBits.draining == 0 && current >> DrainerBits.queuedShift != 0 {
        // The role was handed off (or left between our enqueue and now): take it.
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: (current | DrainerBits.draining) - unregister,
          ordering: .acquiring)
        if exchanged {
          becomeHolder()
          drain(handle)
          return
        }
        current = now
        continue
      }
      let mayBlock =
        !delivering && current & DrainerBits.draining != 0
        && current >> DrainerBits.queuedShift > DrainerBits.backlogLimit
      let looksIn =
        !mayBlock && lookIn > 0 && current & DrainerBits.draining != 0
        && current & DrainerBits.longTurn != 0
      if !mayBlock && !looksIn {
        if !registered { return }
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current - unregister, ordering: .relaxed)
        if exchanged { return }
        current = now
        continue
      }
      if !registered {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current + DrainerBits.waiterUnit, ordering: .relaxed)
        registered = exchanged
        current = now
        if exchanged { current += DrainerBits.waiterUnit }
        continue
      }
      if looksIn { lookIn -= 1 }
      yieldThread(round)
      round += 1
      current = state.load(ordering: .acquiring)
    }
  }

  // MARK: Inspection and clean-up

  /// Drops every queued item (after a terminal event or disposal). The items are released after
  /// the lock is given up, so their deinitializers may run user code.
  @inlinable
  package func removeAll() {
    queue.lock()
    let dropped = queue.takeAll()
    state.subtract(dropped.count * DrainerBits.queuedUnit, ordering: .relaxed)
    queue.unlock()
    _ = dropped
  }

  /// The number of items queued now (a snapshot, for tests and diagnostics).
  @inlinable
  package var queuedCount: Int { state.load(ordering: .relaxed) >> DrainerBits.queuedShift }

  /// The number of producers blocked by the backlog bound now (a snapshot, for tests).
  @inlinable
  package var blockedProducerCount: Int {
    (state.load(ordering: .relaxed) & DrainerBits.waiterMask) / DrainerBits.waiterUnit
  }

  /// The capacity of the queue's storage now (for tests of the shrink policy).
  @inlinable
  package var queueCapacity: Int {
    queue.lock()
    defer { queue.unlock() }
    return queue.fifoCapacity
  }
}

/// The queue of a `Drainer`: its FIFO (the header) and the mutex that guards it (the tail), in one
/// allocation, as `Lock` keeps its mutex.
@usableFromInline
package final class DrainerQueue<Item>: ManagedBuffer<FIFO<Item>, pthread_mutex_t> {
  // The header (the FIFO) is touched only with the tail's mutex held, through pointers, so no
  // dynamic exclusivity check is needed.

  /// An empty queue with an unlocked mutex (one allocation).
  @inlinable
  static func make() -> DrainerQueue<Item> {
    let buffer = DrainerQueue<Item>.create(minimumCapacity: 1) { _ in FIFO<Item>() }
    let queue = unsafeDowncast(buffer, to: DrainerQueue<Item>.self)
    queue.withUnsafeMutablePointerToElements(initializeMutex)
    return queue
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }

  @inlinable @inline(__always)
  func lock() { _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) } }

  @inlinable @inline(__always)
  func unlock() { _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) } }

  // The FIFO operations are methods of this class (not mutations through the `Drainer`'s field),
  // so the `Drainer` only ever reads its `queue` field. Mutex held for all four.

  @inlinable @inline(__always)
  func append(_ item: Item) { withUnsafeMutablePointerToHeader { $0.pointee.append(item) } }

  @inlinable @inline(__always)
  func popFirst() -> Item? { withUnsafeMutablePointerToHeader { $0.pointee.popFirst() } }

  @inlinable
  func takeAll() -> FIFO<Item> { withUnsafeMutablePointerToHeader { $0.pointee.takeAll() } }

  @inlinable
  var fifoCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }
}

/// The layout of a `Drainer`'s state word, outside the generic type so that unspecialized code
/// (a hub's unsubscribe) reads the constants without looking up generic metadata.
@usableFromInline
enum DrainerBits {
  @inlinable static var draining: Int { 1 }
  @inlinable static var waiterUnit: Int { 1 << 1 }
  @inlinable static var waiterMask: Int { ((1 << 20) - 1) << 1 }
  /// Set by a drainer whose turn has run `backlogLimit` items (see "Long turns").
  @inlinable static var longTurn: Int { 1 << 21 }
  @inlinable static var queuedShift: Int { 22 }
  @inlinable static var queuedUnit: Int { 1 << queuedShift }
  @inlinable static var backlogLimit: Int { 1_024 }
  /// How many yields a producer looks in on a long turn before it gives up.
  @inlinable static var takeOverRounds: Int { 16 }
}
