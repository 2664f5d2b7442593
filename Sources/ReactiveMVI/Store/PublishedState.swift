import ReactiveCore
import Synchronization

/// The store's state as every thread reads it: written by one thread at a time (the store's
/// drainer), read by any thread, with no lock and no allocation per write.
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
/// Cost per write: a copy of the state, one load and one sequentially consistent store. The slot
/// not in use keeps the previous state alive until the next write.
@usableFromInline
final class PublishedState<State>: @unchecked Sendable {
  // `slots` (two states) are written only by the single writer, and a slot only while no reader
  // holds it (see above); `current` and `readers` are atomics. The slots sit behind a pointer so
  // that the writer can lend the latest state to `handle` and `reduce` without copying it (a
  // class's stored property would be copied for every call).
  @usableFromInline let slots: UnsafeMutablePointer<State>
  /// The slot holding the latest state: 0 or 1.
  @usableFromInline let current = Atomic<Int>(0)
  /// Readers copying slot 0 (low 32 bits) and slot 1 (high bits).
  @usableFromInline let readers = Atomic<Int>(0)

  @inlinable
  init(_ initial: State) {
    slots = UnsafeMutablePointer<State>.allocate(capacity: 2)
    slots.initialize(to: initial)
    (slots + 1).initialize(to: initial)
  }

  deinit {
    slots.deinitialize(count: 2)
    slots.deallocate()
  }

  @inlinable
  static func readerUnit(_ slot: Int) -> Int { slot == 0 ? 1 : 1 << 32 }

  @inlinable
  static func readerMask(_ slot: Int) -> Int { slot == 0 ? 0xFFFF_FFFF : ~0xFFFF_FFFF }

  /// The latest state, for the writer only (it is the one that changes it).
  @inlinable
  var latest: State {
    unsafeAddress { latestSlot }
  }

  /// The slot of the latest state, for the writer only. Its `pointee` passed as an argument is
  /// lent by address, where `latest` across an opaque call is copied first.
  @inlinable
  var latestSlot: UnsafePointer<State> { UnsafePointer(slots + current.load(ordering: .relaxed)) }

  /// Makes `state` the latest. Writer only (one thread at a time, ordered by the caller).
  @inlinable
  func publish(_ state: consuming State) {
    let next = 1 - current.load(ordering: .relaxed)
    var round = 0
    while readers.load(ordering: .sequentiallyConsistent) & Self.readerMask(next) != 0 {
      yieldThread(round)
      round += 1
    }
    slots[next] = state
    current.store(next, ordering: .sequentiallyConsistent)
  }

  /// The latest state. Any thread.
  @inlinable
  func read() -> State {
    while true {
      let slot = current.load(ordering: .relaxed)
      readers.add(Self.readerUnit(slot), ordering: .sequentiallyConsistent)
      if current.load(ordering: .sequentiallyConsistent) == slot {
        let state = slots[slot]
        readers.subtract(Self.readerUnit(slot), ordering: .releasing)
        return state
      }
      // Flipped meanwhile: this slot may be rewritten; try the new latest one.
      readers.subtract(Self.readerUnit(slot), ordering: .relaxed)
    }
  }
}
