// What a test store reads to name the effects still running: their keys in start order and
// their cancellation ids, and how it waits for the store's turn. Not API for apps
// (`@_spi(Testing)`).

import ReactiveEngine
import Synchronization

extension Store {
  /// The running effects, oldest first: each one's start number (see ``startedEffectCount``)
  /// and its cancellation id, if it has one (inside a child's or row's scope, the scoped id,
  /// whose description names the child or row).
  @_spi(Testing)
  public var runningEffectIDs: [(number: Int, id: AnyHashable?)] {
    effects.withLock { effects in
      effects.effects.map { (number: $0.key, id: $0.value.id) }.sorted { $0.number < $1.number }
    }
  }

  /// The number of effects started so far: the start number the next one gets.
  @_spi(Testing)
  public var startedEffectCount: Int { effects.withLock { $0.nextEffect } }
}

extension Store {
  /// Blocks until the store has handled every item queued before this call, whichever thread
  /// drains it (on an idle store this thread handles them at once), or until `deadline`; `false`
  /// if the deadline passed first. A disposed store handles nothing more: it returns `true` at
  /// once.
  ///
  /// A test store reads the store's activities as middleware logs them, item by item; an item
  /// handled on an effect's thread may be logged half-way (its result, not yet the state it
  /// made). Once this returns, every item whose activity was seen before the call is whole.
  /// Never call it from inside the store's turn (a subscriber, middleware or effect emitting
  /// synchronously): the store would wait for itself until the deadline.
  @_spi(Testing)
  public func waitForQueuedWork(until deadline: ContinuousClock.Instant) -> Bool {
    let handled = QueuedWorkBarrier()
    submit(
      .perform { _, _ in
        handled.reached.store(true, ordering: .releasing)
        Parking.unpark(handled.address)
      })
    while !handled.reached.load(ordering: .acquiring) && !drainer.isClosed {
      guard ContinuousClock.now < deadline else { return false }
      // A disposal drops the barrier without waking anyone: re-check now and then.
      let slice = min(deadline, ContinuousClock.now + .milliseconds(50))
      Parking.park(on: handled.address, until: slice) {
        !handled.reached.load(ordering: .acquiring) && !drainer.isClosed
      }
    }
    return true
  }
}

/// The flag `Store.waitForQueuedWork(until:)` parks on.
private final class QueuedWorkBarrier: @unchecked Sendable {
  let reached = Atomic<Bool>(false)
  var address: UnsafeRawPointer { Parking.address(of: reached) }
}
