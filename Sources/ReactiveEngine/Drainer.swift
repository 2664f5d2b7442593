import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one serializing engine of the package: "the thread that finds the box idle becomes the
/// *drainer*; everyone else queues". Subjects and relays (`Hub`), the multi-source sinks, the
/// time operators (`SerializedSink`) and the `Store` all run on it. See Docs/Internals.md.
///
/// A drainer owns a state word and a FIFO of `Item`s. Whoever takes the *drainer role* handles its
/// own item, then every item queued meanwhile (by other threads, or re-entrantly from inside the
/// handling), then leaves. So the owner's handling never runs twice at once, never recursively,
/// items are handled in the order they were queued, and no lock is held while handling.
///
/// The protocol is this type's API and nothing else: taking the role returns a `Role`, a
/// noncopyable proof of holding it, and everything only the holder may do (handling the queue,
/// dropping it, leaving) consumes or borrows that proof. So an owner cannot pop, clear or leave
/// without holding the role, nor hold it twice, nor forget to leave (dropping a `Role` traps).
/// Three ways to use it:
/// - `send(_:_:)`: everything a producer does with an item.
/// - On an owner's fast path, `tryEnter()`; with the role, handle the item, then `leave(_:_:)`
///   (which handles what was queued meanwhile); without it, `send(_:_:)`.
/// - A sink that decides state under its own lock calls `enter(orEnqueue:)` inside its critical
///   section (it never waits and never calls out) and `finish(_:_:_:)` after unlocking.
///
/// Anyone may `close()` the drainer (a disposal): it drops what is queued and every later item,
/// taking the role to do so when the drainer is idle, else leaving the clearing to the holder.
///
/// Costs: uncontended, one compare-exchange to enter and one to leave, no lock and no queue: the
/// queue (its FIFO and mutex, one object) is made the first time an item is queued, so an owner
/// that never sees contention never allocates it. Queued items are counted and appended under one
/// lock (so the drainer never spins for an announced item), and the FIFO allocates only when it
/// grows (it shrinks again after a burst).
///
/// **Backlog bound.** A producer that queued its item while more than `backlogLimit` items wait
/// blocks in `throttle(_:)` until the drainer has caught up, unless waiting could close a cycle:
/// the holder is the producer's own thread (a re-entrant send, from inside this drainer's turn),
/// or the holder is itself blocked, directly or through other blocked holders, on a drainer this
/// thread holds (`DrainerWaits`). A producer delivering inside some other drainer's turn therefore
/// honours this drainer's bound, and blocked producers can never wait on each other in a circle.
/// After `backlogLimit` items in one turn, a drainer that sees a blocked producer hands the role to
/// it (the producer drains on its own thread) instead of being held by other threads forever.
///
/// **Long turns.** A re-entrant producer never blocks, so a drainer fed by one could drain its
/// items forever; the thread holding the role may be one that only came to drop a subscription,
/// and its `dispose()` would never return. So after `backlogLimit` items in one turn the drainer
/// marks the turn long (`DrainerBits.longTurn`); from then on every producer that queues an item
/// looks in for a moment (registered like a blocked producer, for at most `takeOverRounds`
/// yields), and the drainer, seeing it, leaves the role with the items still queued: that producer
/// takes the role and drains them.
///
/// **Waiting.** A blocked producer and `closeAndWaitForTurn()` spin briefly, then park
/// (`Parking`). Their records are in the state word: the registered producers' count, and
/// `turnAwaited` for a closer. The drainer wakes them from the values its own atomic operations
/// return: leaving the role (every way of leaving goes through `drain`'s final compare-exchange
/// once anyone is recorded, since `tryLeave` expects the bare `draining` word), and taking the
/// queue down to `backlogLimit`. So a drainer nobody waits for pays nothing for the wake.
///
/// State word: bit 0 = a drainer is active; bits 1–20 = producers registered in `throttle`
/// (blocked, or looking in during a long turn); bit 21 = the current turn is long; bit 22 = closed;
/// bit 23 = a closer is parked until the turn ends; bits 24 and up = queued items.
@usableFromInline
package struct Drainer<Item>: ~Copyable, @unchecked Sendable {
  // `state` arbitrates everything; `queue` holds its FIFO under its own mutex, and is made on
  // first use (`queueSlot`).

  /// The proof of holding the role (see `DrainerRole`).
  @usableFromInline package typealias Role = DrainerRole

  /// What handles an item: called by the role's holder only, which lends it the role (so it can
  /// reach the owner's `DrainerOwned` state).
  @usableFromInline package typealias Handler = (Item, borrowing Role) -> Void

  /// Queued items above which a producer waits (see the type's notes).
  @inlinable package static var backlogLimit: Int { DrainerBits.backlogLimit }

  @usableFromInline let state = Atomic<Int>(0)
  /// The role holder's `DeliveryDepth` counter (as a word, which also identifies its thread);
  /// written by each new holder, read by the holder to leave and by blocked producers.
  @usableFromInline let holder = Atomic<UInt>(0)
  /// The queue once made (it owns one reference to it), else `nil`.
  @usableFromInline let queueSlot = DrainerQueueSlot()

  /// An idle drainer with no queue yet (no allocation).
  @inlinable
  package init() {}

  /// The queue, made by the first caller that needs it. Callers hold the queue's mutex or the
  /// role (or are about to take the mutex), so this is off the uncontended paths.
  @inlinable
  var queue: DrainerQueue<Item> {
    if let made = queueSlot.load() {
      return Unmanaged<DrainerQueue<Item>>.fromOpaque(made).takeUnretainedValue()
    }
    return makeQueue()
  }

  /// Makes the queue and installs it; a thread that loses the race to install it frees its own
  /// and uses the winner's.
  @usableFromInline
  func makeQueue() -> DrainerQueue<Item> {
    let made = Unmanaged.passRetained(DrainerQueue<Item>.make(FIFO()))
    guard let installed = queueSlot.install(made.toOpaque()) else {
      return made.takeUnretainedValue()
    }
    made.release()
    return Unmanaged<DrainerQueue<Item>>.fromOpaque(installed).takeUnretainedValue()
  }

  // MARK: Entering

  /// The lock-free fast path: takes the drainer role when the drainer is idle and nothing is
  /// queued (one compare-exchange). With the role, handle your item, then `leave(_:_:)`; without
  /// it, use `send(_:_:)` or `enter(orEnqueue:)`.
  @inlinable @inline(__always)
  package func tryEnter() -> Role? {
    if state.compareExchange(expected: 0, desired: DrainerBits.draining, ordering: .acquiring)
      .exchanged
    {
      becomeHolder()
      return Role()
    }
    return nil
  }

  /// Takes the drainer role (then handle `item` and `leave(_:_:)`), or counts and queues `item`
  /// under the queue's lock (`nil`; a closed drainer drops it). Either way, after any lock of
  /// yours, call `finish(_:_:_:)` with the result. Never waits and never calls out, so it may be
  /// called under the owner's lock to order a state change with its delivery.
  @inlinable
  package func enter(orEnqueue item: Item) -> Role? {
    if let role = tryEnter() { return role }
    return enterOrEnqueueContended(item)
  }

  @inlinable
  func enterOrEnqueueContended(_ item: Item) -> Role? {
    let queue = self.queue
    queue.lock()
    var current = state.load(ordering: .relaxed)
    while true {
      if current & DrainerBits.closed != 0 {
        queue.unlock()
        return nil
      }
      if current & DrainerBits.draining == 0 && current >> DrainerBits.queuedShift == 0 {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current | DrainerBits.draining, ordering: .acquiring)
        if exchanged {
          queue.unlock()
          becomeHolder()
          return Role()
        }
        current = now
      } else {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current + DrainerBits.queuedUnit, ordering: .relaxed)
        if exchanged {
          queue.append(item)
          queue.unlock()
          return nil
        }
        current = now
      }
    }
  }

  /// The second half of a send split around the owner's lock, with what `enter(orEnqueue:)`
  /// returned: with the role, handles `item` and leaves; without it, applies the backlog rule
  /// (`item` is queued). Call it outside any lock of yours.
  @inlinable
  package func finish(_ role: consuming Role?, _ item: Item, _ handle: Handler) {
    if let role {
      handle(item, role)
      leave(role, handle)
    } else {
      throttle(handle)
    }
  }

  /// Everything a producer does with `item`: handles it now (then drains) when it gets the role,
  /// otherwise queues it and applies the backlog rule.
  @inlinable
  package func send(_ item: Item, _ handle: Handler) {
    finish(enter(orEnqueue: item), item, handle)
  }

  /// The role was just taken by this thread: count the delivery.
  @inlinable @inline(__always)
  func becomeHolder() {
    let counter = DeliveryDepth.counter()
    DeliveryDepth.enter(counter)
    holder.store(DeliveryDepth.word(counter), ordering: .relaxed)
  }

  /// The role is being given up by this thread.
  @inlinable @inline(__always)
  func stopBeingHolder() {
    DeliveryDepth.leave(DeliveryDepth.counter(word: holder.load(ordering: .relaxed)))
  }

  @inlinable @inline(__always)
  func becomeHolderAgain() {
    DeliveryDepth.enter(DeliveryDepth.counter(word: holder.load(ordering: .relaxed)))
  }

  // MARK: Leaving (the role holder only)

  /// Handles every item queued meanwhile, then gives up the role (one compare-exchange when
  /// nothing was queued). May instead hand the role to a producer blocked in `throttle(_:)`.
  @inlinable @inline(__always)
  package func leave(_ role: consuming Role, _ handle: Handler) {
    if let role = tryLeave(role) { drain(role, handle) }
  }

  /// The fast half of `leave(_:_:)`: gives up the role when nothing is queued (`nil`, one
  /// compare-exchange), else hands it back; then call `drain(_:_:)`. For hot paths: the handler
  /// passed to `leave(_:_:)` is formed (its captures retained) even when nothing is queued, so
  /// `if let role = drainer.tryLeave(role) { drainer.drain(role) { ... } }` forms it only when
  /// needed.
  @inlinable @inline(__always)
  package func tryLeave(_ role: consuming Role) -> Role? {
    stopBeingHolder()
    if state.compareExchange(expected: DrainerBits.draining, desired: 0, ordering: .releasing)
      .exchanged
    {
      role.end()
      return nil
    }
    becomeHolderAgain()
    return role
  }

  /// Handles queued items until none is left (or, once closed, drops them), then leaves. May
  /// instead hand the role to a producer blocked in `throttle(_:)`.
  @inlinable
  package func drain(_ role: consuming Role, _ handle: Handler) {
    var turn = 0
    while true {
      let current = state.load(ordering: .relaxed)
      if current & DrainerBits.closed != 0 && current >> DrainerBits.queuedShift != 0 {
        removeAll(role)
        continue
      }
      if current >> DrainerBits.queuedShift == 0
        || (turn >= DrainerBits.backlogLimit && current & DrainerBits.waiterMask != 0)
      {
        // Idle, or fair hand-off: a registered producer takes over what is still queued.
        stopBeingHolder()
        if state.compareExchange(
          expected: current,
          desired: current
            & ~(DrainerBits.draining | DrainerBits.longTurn | DrainerBits.turnAwaited),
          ordering: .releasing
        ).exchanged {
          role.end()
          if current & (DrainerBits.waiterMask | DrainerBits.turnAwaited) != 0 { wakeWaiters() }
          return
        }
        becomeHolderAgain()
        continue
      }
      if turn >= DrainerBits.backlogLimit && current & DrainerBits.longTurn == 0 {
        // Ask producers to look in, so that one of them can take over (see "Long turns").
        state.bitwiseOr(DrainerBits.longTurn, ordering: .relaxed)
      }
      let queue = self.queue
      queue.lock()
      let item = queue.popFirst()
      let left = state.subtract(DrainerBits.queuedUnit, ordering: .relaxed).newValue
      queue.unlock()
      if left & DrainerBits.waiterMask != 0
        && left >> DrainerBits.queuedShift == DrainerBits.backlogLimit
      {
        wakeWaiters()
      }
      turn &+= 1
      // Counted under the lock that appended it, and only the holder pops or clears: it is there.
      handle(item.unsafelyUnwrapped, role)
    }
  }

  /// Drops every queued item. The items are released after the lock is given up, so their
  /// deinitializers may run user code.
  @inlinable
  func removeAll(_ role: borrowing Role) {
    let queue = self.queue
    queue.lock()
    let dropped = queue.takeAll()
    let old = state.subtract(dropped.count * DrainerBits.queuedUnit, ordering: .relaxed).oldValue
    queue.unlock()
    if old & DrainerBits.waiterMask != 0
      && old >> DrainerBits.queuedShift > DrainerBits.backlogLimit
    {
      wakeWaiters()
    }
    _ = dropped
  }

  /// Wakes the threads parked on the state word (blocked producers, a closer waiting for the
  /// turn); each re-checks what it waits for.
  @usableFromInline
  func wakeWaiters() {
    Parking.unpark(Parking.address(of: state))
  }

  // MARK: Closing (any thread)

  /// Drops every queued item and every item queued from now on (after a terminal event or a
  /// disposal); callable from any thread, also from inside the handling. When the drainer is idle
  /// the caller takes the role to clear the queue; otherwise the holder clears it before it
  /// handles anything else or leaves. An item being handled right now finishes.
  @inlinable
  package func close() {
    var current = state.load(ordering: .relaxed)
    while current & DrainerBits.closed == 0 {
      if current & DrainerBits.draining != 0 {
        let (exchanged, now) = state.compareExchange(
          expected: current, desired: current | DrainerBits.closed, ordering: .relaxed)
        if exchanged { return }
        current = now
        continue
      }
      // Idle, or left with items queued for a producer about to take over: take the role.
      let (exchanged, now) = state.compareExchange(
        expected: current, desired: current | DrainerBits.closed | DrainerBits.draining,
        ordering: .acquiring)
      if exchanged {
        becomeHolder()
        drain(Role()) { _, _ in }  // closed: clears, never handles
        return
      }
      current = now
    }
  }

  /// `close()`, then the dispose barrier of an owner whose work all runs inside this drainer's
  /// turns (the store): waits until a turn running on another thread has ended, so no handling
  /// starts or runs once this returns. A caller that is delivering (inside any turn or callback,
  /// this drainer's included) does not wait: the same rule as `DisposeBarrier.close`, which keeps
  /// it deadlock-free (a waiting caller holds no role, so the turn it waits for can always end).
  @inlinable
  package func closeAndWaitForTurn() {
    close()
    guard !DeliveryDepth.isDelivering else { return }
    // Recorded in the word, the holder's leaving compare-exchange clears it and wakes us.
    Parking.wait(on: state, recording: DrainerBits.turnAwaited) {
      $0 & DrainerBits.draining == 0
    }
  }

  // MARK: The backlog rule

  /// For a producer whose item was queued (`enter(orEnqueue:)` returned `nil`; `finish(_:_:_:)`
  /// calls it), outside any lock of the caller's: returns at once unless more than `backlogLimit` items
  /// are queued; then waits until the drainer catches up or hands the role over (the caller then
  /// drains with `handle`), unless waiting could close a cycle (see the type's notes).
  @inlinable
  package func throttle(_ handle: Handler) {
    let current = state.load(ordering: .relaxed)
    if current & (DrainerBits.draining | DrainerBits.longTurn) == DrainerBits.draining
      && current >> DrainerBits.queuedShift <= DrainerBits.backlogLimit
    {
      return
    }
    throttleSlow(current, handle)
  }

  @inlinable
  func throttleSlow(_ observed: Int, _ handle: Handler) {
    // A thread that is not delivering holds no drainer role, so nobody can be waiting on it: it
    // may always wait. A delivering one registers what it waits on (`DrainerWaits`).
    let thread = DeliveryDepth.isDelivering ? DeliveryDepth.word(DeliveryDepth.counter()) : 0
    var current = observed
    var registered = false
    var waitsOnHolder = false
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
          if waitsOnHolder { DrainerWaits.stopWaiting(thread) }
          becomeHolder()
          drain(Role(), handle)
          return
        }
        current = now
        continue
      }
      var mayBlock =
        current & DrainerBits.draining != 0
        && current >> DrainerBits.queuedShift > DrainerBits.backlogLimit
      if mayBlock && thread != 0 {
        // Re-checked every round: the role may have moved to another thread.
        mayBlock = DrainerWaits.wait(thread, on: holder.load(ordering: .relaxed))
        waitsOnHolder = mayBlock
      } else if waitsOnHolder {
        DrainerWaits.stopWaiting(thread)
        waitsOnHolder = false
      }
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
      if looksIn {
        // Looking in is an offer, not a wait: bounded, never parked.
        lookIn -= 1
        sched_yield()
      } else if Parking.spin(round) {
        round += 1
      } else {
        // Blocked: registered in the word, so the drainer wakes us when it leaves the role or
        // takes the queue down to the limit, the two changes that can end this wait (the
        // holder changes only by leaving).
        Parking.park(on: Parking.address(of: state)) {
          let now = state.load(ordering: .acquiring)
          return now & DrainerBits.draining != 0
            && now >> DrainerBits.queuedShift > DrainerBits.backlogLimit
        }
      }
      current = state.load(ordering: .acquiring)
    }
  }

  // MARK: Inspection

  /// The number of items queued now (a snapshot, for tests and diagnostics).
  @inlinable
  package var queuedCount: Int { state.load(ordering: .relaxed) >> DrainerBits.queuedShift }

  /// The number of producers blocked by the backlog bound now (a snapshot, for tests).
  @inlinable
  package var blockedProducerCount: Int {
    (state.load(ordering: .relaxed) & DrainerBits.waiterMask) / DrainerBits.waiterUnit
  }

  /// Whether `close()` was called.
  @inlinable
  package var isClosed: Bool { state.load(ordering: .relaxed) & DrainerBits.closed != 0 }

  /// The capacity of the queue's storage now (for tests of the shrink policy).
  @inlinable
  package var queueCapacity: Int {
    let queue = self.queue
    queue.lock()
    defer { queue.unlock() }
    return queue.fifoCapacity(of: Item.self)
  }
}

/// The proof that the calling thread holds a `Drainer`'s role: returned by `tryEnter()` and
/// `enter(orEnqueue:)`, consumed by `leave(_:_:)` or `finish(_:_:_:)`. Only the drainer makes
/// one. It must be given back: dropping it would leave the drainer taken forever, so it traps.
/// Not generic, so that code that runs unspecialized (a hub's unsubscribe) never looks up type
/// metadata to pass it around.
@frozen @usableFromInline
package struct DrainerRole: ~Copyable {
  @inlinable
  init() {}

  deinit {
    // Only reached by a role that was dropped, not given back (`end()` discards it).
    dropped()
  }

  @usableFromInline
  func dropped() {
    preconditionFailure("Internal inconsistency: the drainer role was dropped without leaving")
  }

  /// The role was given up (the state word says so).
  @inlinable @inline(__always)
  consuming func end() { discard self }
}

/// Who waits on whom among the producers blocked by a backlog bound while holding a drainer role:
/// thread → the thread holding the drainer it waits on (threads named by their `DeliveryDepth`
/// counter's address, never dereferenced). Before each round of waiting, a delivering producer
/// follows the chain from the holder it waits on; if the chain leads back to itself, waiting
/// would close a cycle (A's holder waits on B whose holder waits on A), so it stops waiting
/// instead. Registering and checking happen under one lock, so of two threads closing a cycle the
/// second always sees the first. Touched only on the blocked path.
@usableFromInline
enum DrainerWaits {
  static let waits = Locked([UInt: UInt]())

  /// `thread` is about to wait on the drainer that `holder` holds: `true` (registered) unless the
  /// wait would close a cycle (then `thread` is unregistered and must not wait).
  @usableFromInline
  static func wait(_ thread: UInt, on holder: UInt) -> Bool {
    waits.withLock { waits in
      var current = holder
      // A chain is at most as long as the table; beyond that it loops among other threads,
      // which break it themselves.
      for _ in 0...waits.count {
        if current == thread {
          waits[thread] = nil
          return false
        }
        guard let next = waits[current] else { break }
        current = next
      }
      waits[thread] = holder
      return true
    }
  }

  /// `thread` no longer waits.
  @usableFromInline
  static func stopWaiting(_ thread: UInt) {
    waits.withLock { $0[thread] = nil }
  }
}

/// The queue of a `Drainer`: its FIFO and the mutex that guards it in one allocation, the one
/// lock object of the package (`LockedStorage`). The drainer locks and unlocks it around its own
/// compare-exchanges, so it uses the storage's `lock()`/`unlock()` and these operations, each
/// with the mutex held.
@usableFromInline
package typealias DrainerQueue<Item> = LockedStorage<FIFO<Item>>

extension LockedStorage {
  // The FIFO operations are methods of the storage (not mutations through the `Drainer`'s
  // field), so the `Drainer` only ever reads its `queue` field. Mutex held for all four.

  @inlinable @inline(__always)
  func append<Item>(_ item: Item) where State == FIFO<Item> {
    withUnsafeMutablePointerToHeader { $0.pointee.append(item) }
  }

  @inlinable @inline(__always)
  func popFirst<Item>() -> Item? where State == FIFO<Item> {
    withUnsafeMutablePointerToHeader { $0.pointee.popFirst() }
  }

  @inlinable
  func takeAll<Item>() -> FIFO<Item> where State == FIFO<Item> {
    withUnsafeMutablePointerToHeader { $0.pointee.takeAll() }
  }

  @inlinable
  func fifoCapacity<Item>(of _: Item.Type) -> Int where State == FIFO<Item> {
    withUnsafeMutablePointerToHeader { $0.pointee.capacity }
  }
}

/// Where a `Drainer` keeps its queue once made: one strong reference, as a raw pointer. Not
/// generic, so that destroying a drainer (a generic owner's field destroyer runs unspecialized)
/// releases the queue without looking up generic metadata.
@usableFromInline
struct DrainerQueueSlot: ~Copyable {
  @usableFromInline let word = Atomic<UnsafeMutableRawPointer?>(nil)

  @inlinable
  init() {}

  /// The installed queue, if any (acquiring: its making happens before the use).
  @inlinable @inline(__always)
  func load() -> UnsafeMutableRawPointer? { word.load(ordering: .acquiring) }

  /// Installs `queue`, a retained reference, unless a queue is there: `nil` when installed (the
  /// slot owns the reference), else the queue already installed (`queue` stays the caller's).
  @usableFromInline
  func install(_ queue: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let (exchanged, current) = word.compareExchange(
      expected: nil, desired: queue, ordering: .acquiringAndReleasing)
    return exchanged ? nil : current
  }

  deinit {
    // The owner is being freed: no other thread can reach the slot.
    if let made = word.load(ordering: .relaxed) { Unmanaged<AnyObject>.fromOpaque(made).release() }
  }
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
  /// Set by `close()`: queued and later items are dropped.
  @inlinable static var closed: Int { 1 << 22 }
  /// Set by a closer parked until the current turn ends (`closeAndWaitForTurn()`); cleared, and
  /// the closer woken, by the compare-exchange that leaves the role.
  @inlinable static var turnAwaited: Int { 1 << 23 }
  @inlinable static var queuedShift: Int { 24 }
  @inlinable static var queuedUnit: Int { 1 << queuedShift }
  @inlinable static var backlogLimit: Int { 1_024 }
  /// How many yields a producer looks in on a long turn before it gives up.
  @inlinable static var takeOverRounds: Int { 16 }
}
