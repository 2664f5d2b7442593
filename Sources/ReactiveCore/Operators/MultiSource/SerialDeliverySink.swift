/// The serial-delivery plumbing shared by the multi-source sinks that decide under a lock (merge
/// and switch families, `withLatestFrom`): a `Drainer` that delivers outside the lock, and
/// disposal. (`combineLatest` and `zip` need no lock at all: see `CombiningSink`.)
///
/// Why a lock here: these sinks subscribe inner sequences in response to events, and a
/// synchronous inner emits while it is being subscribed. Deciding under a lock and delivering on
/// the drainer lets those emissions pass through (or be dropped once the sink stopped) as they
/// happen, instead of queueing behind a subscription that may never return.
///
/// A conforming sink decides each state change under `lock` and hands the resulting item to
/// `enter(_:)` in the same critical section; after unlocking it calls `finish(_:_:)` with the item
/// and what `enter` returned. Items are delivered one at a time in decision order (so downstream
/// never receives two at once, and re-entrant events are queued), never holding the lock while
/// calling out. `dispose()` stops the sink, closes the drainer (what is queued is dropped, by
/// whichever thread holds the drainer role) and disposes every source.
@usableFromInline
protocol SerialDeliverySink: AnyObject, Cancelable {
  associatedtype Item

  var lock: Lock { get }
  /// Delivers the decided items, in decision order.
  var drainer: Drainer<Item> { get }

  /// Delivers one item downstream (called without the lock, by the drainer only).
  func deliver(_ item: Item)
  /// Marks the sink stopped so that no further source event is accepted: `true` the first time.
  /// Called with `lock` held.
  func stopLocked() -> Bool
  /// Disposes every source subscription (after which `isDisposed` is `true`).
  func disposeSources()
}

extension SerialDeliverySink {
  /// Takes the drainer role or queues `item` (see `Drainer.enter(orEnqueue:)`). Lock held; never
  /// waits.
  @inlinable
  func enter(_ item: Item) -> Drainer<Item>.Role? {
    drainer.enter(orEnqueue: item)
  }

  /// After unlocking: delivers `item` and drains with the role, else applies the backlog rule.
  @inlinable
  func finish(_ role: consuming Drainer<Item>.Role?, _ item: Item) {
    // `Drainer.finish`, with `deliver` formed only where it is needed (see `Drainer.tryLeave`).
    if let role {
      deliver(item)
      if let role = drainer.tryLeave(role) { drainer.drain(role, deliver) }
    } else {
      drainer.throttle(deliver)
    }
  }

  /// Stops the sink and drops what is queued; safe from any thread, also while another thread
  /// delivers (the drainer's holder drops the queue, see `Drainer.close()`).
  @inlinable
  func dispose() {
    lock.lock()
    _ = stopLocked()
    lock.unlock()
    drainer.close()
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

  /// Sends `event` when `decide` (run under the lock) says so.
  @inlinable
  func decide(_ event: Event<Element>, _ decide: () -> Bool) {
    lock.lock()
    guard decide() else {
      lock.unlock()
      return
    }
    let role = enter(event)
    lock.unlock()
    finish(role, event)
  }

  /// Stops with `error` (unless already stopped).
  @inlinable
  func fail(_ error: any Swift.Error) {
    decide(.error(error), stopLocked)
  }
}
