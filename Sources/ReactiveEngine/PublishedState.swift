import Synchronization

/// A value every thread reads while one thread at a time writes it (the store's state, the value
/// of a behavior relay or subject): no lock and no allocation per read or write. The caller
/// serializes the writers: the store's drainer, or `lockWriters()` (a behavior relay or subject,
/// whose accepting threads have no other order).
///
/// Two slots hold the latest state and the one before it; `current` says which slot is the
/// latest. The writer fills the *other* slot and then flips `current` to it; a reader announces
/// itself on the slot it is about to copy (a count per slot in `readers`), checks that the slot
/// is still the latest, copies it and leaves. The writer never overwrites a slot while a reader
/// that saw it as the latest is still copying it (it waits, without calling out, until those
/// readers leave: a copy of the state, never user code), so every read is a whole, published
/// state, and the latest one at some moment during the read.
///
/// Why it holds: the flip and the writer's look at `readers`, and a reader's announcement and
/// its check of `current`, are all sequentially consistent, so of a writer about to reuse a slot
/// and a reader about to copy it, at least one sees the other (the reader retries on the slot
/// that is now the latest, or the writer waits). Publishing a slot is a release (the flip) that
/// the reader's check acquires; a reader's leaving is a release that the writer's look acquires.
///
/// The writer's waits (for readers of the slot it reuses, and in `lockWriters()` for another
/// writer) spin briefly, then park (`Parking`); the thread that ends the wait wakes it, seeing the
/// waiter's record in the value its own atomic operation returns, so nobody pays for a wake when
/// nobody waits.
///
/// Cost per write: a copy of the state, one load and one sequentially consistent store. The slot
/// not in use keeps the previous state alive until the next write.
@usableFromInline
package final class PublishedState<State>: @unchecked Sendable {
  // `slots` (two states) are written only by the single writer, and a slot only while no reader
  // holds it (see above); `current` and `readers` are atomics. The slots sit behind a pointer so
  // that the writer can lend the latest state without copying it (`lendLatest()`; a class's
  // stored property would be copied for every call). A third slot, past the two, takes the bits
  // of a loan back: written, never read, never deinitialized.
  @usableFromInline let slots: UnsafeMutablePointer<State>
  /// The slot holding the latest state: 0 or 1.
  @usableFromInline let current = Atomic<Int>(0)
  /// `current` as the writer last stored it, read by the writer instead of `current`: only the
  /// writer changes `current`, and writers are ordered (by their caller), so this copy is what
  /// the atomic holds, read without an atomic load, which the optimizer keeps even when its
  /// value goes unused (the latest state lent to a `handle` that ignores it). Writer only.
  @usableFromInline @exclusivity(unchecked) var writerSlot = 0
  /// Readers copying slot 0 (bits 0–30) and slot 1 (bits 32 and up); bit 31 (`writerParked`):
  /// the writer is parked until they leave. Changed with wrapping arithmetic (one `lock xadd`,
  /// where a checked add is a compare-exchange loop): the counts are bit fields that never
  /// exceed 31 bits (one per reading thread).
  @usableFromInline let readers = Atomic<Int>(0)
  /// `lockWriters()`: 0 free, 1 held, 2 held and a writer may be parked waiting for it.
  @usableFromInline let writing = Atomic<Int>(0)

  @inlinable
  package init(_ initial: State) {
    slots = UnsafeMutablePointer<State>.allocate(capacity: 3)
    slots.initialize(to: initial)
    (slots + 1).initialize(to: initial)
  }

  deinit {
    // The loan slot holds no reference of its own (see `lendLatest()`).
    slots.deinitialize(count: 2)
    slots.deallocate()
  }

  @inlinable
  static func readerUnit(_ slot: Int) -> Int { slot == 0 ? 1 : 1 << 32 }

  @inlinable
  static func readerMask(_ slot: Int) -> Int { slot == 0 ? 0x7FFF_FFFF : ~0xFFFF_FFFF }

  /// The writer is parked until the readers of the slot it reuses leave (in `readers`).
  @inlinable
  static var writerParked: Int { 1 << 31 }

  /// The latest state, for the writer only (it is the one that changes it).
  @inlinable
  package var latest: State {
    unsafeAddress { latestSlot }
  }

  /// The slot of the latest state, for the writer only. Its `pointee` passed as an argument is
  /// lent by address, where `latest` across an opaque call is copied first.
  @inlinable
  package var latestSlot: UnsafePointer<State> {
    UnsafePointer(slots + writerSlot)
  }

  /// Lends the latest state without copying it: the one owner of the state loan, with
  /// `publishAndLend(_:)` and `endLoan(_:)`, which ends every loan. Writer only.
  ///
  /// A value read from the slot and passed to code opaque to the optimizer (a feature's, a
  /// subscriber's) is copied first: a retain and a release of every reference it holds. A
  /// local is borrowed as it is. So the slot's bits are taken into a local with `move()`, which
  /// reads the slot without writing it (readers on other threads keep copying it), and
  /// `endLoan(_:)` puts them into the loan slot (`slots + 2`), where they are never destroyed,
  /// since the latest slot still owns them. What must hold: between the two the slot is neither
  /// republished nor released (the writer publishes only after ending the loan), and the loan
  /// ends after the last use of the local, so the optimizer cannot hand its references to a
  /// copy the borrower makes and mutates in place (`PublishedStateLoanTests` and
  /// `StoreStateLoanTests` check exactly that, in the optimized build too). A trivial state is
  /// simply read: its copy costs nothing.
  @inlinable @inline(__always)
  package func lendLatest() -> State {
    if _isPOD(State.self) { return latestSlot.pointee }
    return UnsafeMutablePointer(mutating: latestSlot).move()
  }

  /// Publishes `state` and lends it back from its slot, as `lendLatest()` does (a trivial state
  /// is returned as it is: reading it back would cost more). Writer only; end the loan with
  /// `endLoan(_:)`. Releases the displaced state.
  @inlinable @inline(__always)
  package func publishAndLend(_ state: consuming State) -> State {
    if _isPOD(State.self) {
      publish(copy state)
      return state
    }
    publish(consume state)
    return lendLatest()
  }

  /// Ends a loan of `lendLatest()` or `publishAndLend(_:)`: the bits go to the loan slot, never
  /// destroyed, since the latest slot still owns them. Writer only.
  @inlinable @inline(__always)
  package func endLoan(_ state: consuming State) {
    if _isPOD(State.self) { return }
    (slots + 2).initialize(to: consume state)
  }

  /// Makes writers that have no other order take turns: the one writer from here to
  /// `unlockWriters()`. A lock in one atomic word (an uncontended pair costs one compare-exchange
  /// and one exchange, where a mutex costs two calls); a writer that finds it held spins briefly,
  /// then parks until the holder unlocks (`Parking`). The section between must be short and
  /// never call user code or wait for another writer: a `publish` (whose wait is for readers'
  /// copies only) and queueing the delivery.
  @inlinable @inline(__always)
  package func lockWriters() {
    if writing.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      return
    }
    lockWritersContended()
  }

  @usableFromInline
  func lockWritersContended() {
    var round = 0
    while Parking.spin(round) {
      if writing.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
        return
      }
      round += 1
    }
    // Parking: mark the lock "held, waiters" (2), so that its unlock wakes us. Taking it
    // with 2 (it was free) costs the next unlock one spurious wake, never a lost one.
    while writing.exchange(2, ordering: .acquiring) != 0 {
      Parking.park(on: Parking.address(of: writing)) { writing.load(ordering: .relaxed) == 2 }
    }
  }

  /// Lets the next writer in (see `lockWriters()`), waking parked writers.
  @inlinable @inline(__always)
  package func unlockWriters() {
    if writing.exchange(0, ordering: .releasing) == 2 {
      Parking.unpark(Parking.address(of: writing))
    }
  }

  /// Makes `state` the latest and returns the state it displaced (the one before the previous
  /// latest), so that a caller holding `lockWriters()` can release it after unlocking: its
  /// deinitializer may run user code. Writer only (one thread at a time, ordered by the caller).
  @inlinable @inline(__always) @discardableResult
  package func publish(_ state: consuming State) -> State {
    let next = 1 &- writerSlot
    if readers.load(ordering: .sequentiallyConsistent) & Self.readerMask(next) != 0 {
      waitForReaders(next)
    }
    let displaced = (slots + next).move()
    (slots + next).initialize(to: state)
    writerSlot = next
    current.store(next, ordering: .sequentiallyConsistent)
    return displaced
  }

  /// Waits until no reader copies `slot`: a short spin, then parked with `writerParked` set,
  /// which the leaving readers see (`stopReading(_:)`). Writer only.
  @usableFromInline
  func waitForReaders(_ slot: Int) {
    Parking.wait(on: readers, recording: Self.writerParked) { $0 & Self.readerMask(slot) == 0 }
    // Only this writer sets the bit; readers that still see it wake nobody (a spurious wake).
    readers.bitwiseAnd(~Self.writerParked, ordering: .relaxed)
  }

  /// A reader has left while the writer is parked (see `waitForReaders(_:)`).
  @usableFromInline
  func wakeWriter() {
    Parking.unpark(Parking.address(of: readers))
  }

  /// The latest state. Any thread.
  @inlinable
  package func read() -> State {
    let slot = startReading()
    let state = slots[slot]
    stopReading(slot)
    return state
  }

  /// Announces a reader on the latest slot and returns it: the writer will not overwrite it
  /// until `stopReading(_:)`. Any thread.
  @inlinable @inline(__always)
  func startReading() -> Int {
    while true {
      let slot = current.load(ordering: .relaxed)
      readers.wrappingAdd(Self.readerUnit(slot), ordering: .sequentiallyConsistent)
      if current.load(ordering: .sequentiallyConsistent) == slot { return slot }
      // Flipped meanwhile: this slot may be rewritten; try the new latest one.
      stopReading(slot)
    }
  }

  /// The reader of `slot` leaves, waking the writer when it is parked (see
  /// `waitForReaders(_:)`).
  @inlinable @inline(__always)
  func stopReading(_ slot: Int) {
    let old = readers.wrappingSubtract(Self.readerUnit(slot), ordering: .releasing).oldValue
    if old & Self.writerParked != 0 { wakeWriter() }
  }
}
