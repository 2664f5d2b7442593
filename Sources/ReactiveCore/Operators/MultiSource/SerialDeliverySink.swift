import Synchronization

/// The serial-delivery plumbing shared by the multi-source sinks that decide under a lock (merge
/// and switch families, `withLatestFrom`): a `DeliveryQueue` drained outside the lock, and
/// disposal. (`combineLatest` and `zip` need no lock at all: see `CombiningSink`.)
///
/// A conforming sink decides each state change under `lock` and hands the resulting item to
/// `delivery.enter(_:_:)` in the same critical section; the caller that gets the item back calls
/// `drain(_:)` after unlocking. `drain` delivers items one at a time in decision order (so
/// downstream never receives two at once, and re-entrant events are queued), never holding the
/// lock while calling out. `dispose()` stops the sink, drops what is queued and disposes every
/// source.
@usableFromInline
protocol SerialDeliverySink: AnyObject, Cancelable {
  associatedtype Item

  var lock: Lock { get }
  /// Guarded by `lock`.
  var delivery: DeliveryQueue<Item> { get set }
  /// The state word of `delivery` (see `DeliveryQueue`).
  var deliveryState: Atomic<Int> { get }

  /// Delivers one item downstream (called without the lock, by the drainer only).
  func deliver(_ item: Item)
  /// Marks the sink stopped so that no further source event is accepted: `true` the first time.
  /// Called with `lock` held.
  func stopLocked() -> Bool
  /// Disposes every source subscription (after which `isDisposed` is `true`).
  func disposeSources()
}

extension SerialDeliverySink {
  /// Delivers `first`, then every item queued meanwhile, until the queue is empty.
  @inlinable
  func drain(_ first: Item) {
    var item = first
    while true {
      deliver(item)
      if DeliveryQueue<Item>.leaveIfIdle(deliveryState) { return }
      lock.lock()
      let next = delivery.next(deliveryState)
      lock.unlock()
      guard let next else { return }
      item = next
    }
  }

  @inlinable
  func dispose() {
    lock.lock()
    _ = stopLocked()
    delivery.removeAll(deliveryState)
    lock.unlock()
    disposeSources()
  }
}

/// A `SerialDeliverySink` that delivers plain events (the merge and switch families).
@usableFromInline
protocol EventDeliverySink: SerialDeliverySink where Item == Event<Element> {
  associatedtype Element

  var downstream: AnyObserver<Element> { get }
}

extension EventDeliverySink {
  /// Forwards `event`; a terminal event then disposes every source.
  @inlinable
  func deliver(_ event: Event<Element>) {
    downstream.on(event)
    if event.isStopEvent { disposeSources() }
  }

  /// Stops with `error` (unless already stopped).
  @inlinable
  func fail(_ error: any Swift.Error) {
    lock.lock()
    let first = stopLocked() ? delivery.enter(.error(error), deliveryState) : nil
    lock.unlock()
    if let first { drain(first) }
  }
}
