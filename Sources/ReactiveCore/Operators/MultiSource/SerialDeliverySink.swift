import ReactiveEngine

/// The serial-delivery plumbing shared by the multi-source sinks that decide under a lock (merge
/// and switch families, `withLatestFrom`): a `Drainer` that delivers outside the lock, and
/// disposal. (`combineLatest` and `zip` need no lock at all: see `CombiningSink`.)
///
/// Why a lock here: these sinks subscribe inner sequences in response to events, and a
/// synchronous inner emits while it is being subscribed. Deciding under a lock and delivering on
/// the drainer lets those emissions pass through (or be dropped once the sink stopped) as they
/// happen, instead of queueing behind a subscription that may never return.
///
/// A conforming sink keeps its decision state in `state` (a `Locked`, so it is reachable only
/// under the lock) and decides each change with `decide(_:)`, which hands the resulting item to
/// the drainer in the same critical section and delivers it after unlocking. Items are delivered one at a time in decision order (so downstream
/// never receives two at once, and re-entrant events are queued), never holding the lock while
/// calling out. `dispose()` stops the sink, closes the drainer (what is queued is dropped, by
/// whichever thread holds the drainer role) and disposes every source.
/// The decision state of a `SerialDeliverySink`.
@usableFromInline
protocol SerialDeliveryState {
  /// Whether a terminal event was decided or the subscription disposed.
  var isStopped: Bool { get }
  /// Enters the stopped state (and drops what only a live state needs).
  mutating func markStopped()
}

extension SerialDeliveryState {
  /// Marks the state stopped so that no further source event is accepted: `true` the first time.
  @inlinable
  mutating func stop() -> Bool {
    guard !isStopped else { return false }
    markStopped()
    return true
  }
}

@usableFromInline
protocol SerialDeliverySink: DrainerOwner, Cancelable {
  associatedtype State: SerialDeliveryState

  /// What the sink decides with, behind its lock.
  var state: Locked<State> { get }
  /// Delivers the decided items, in decision order, through `handle(_:_:)` (one item downstream,
  /// without the lock).
  var drainer: Drainer<Item> { get }
  /// Disposes every source subscription (after which `isDisposed` is `true`).
  func disposeSources()
  /// Called under the lock after every change of `state` (see `decide(_:)`), for a sink that
  /// mirrors part of its state in an atomic read by a lock-free path; by default nothing.
  func stateChanged(_ state: State)
}

extension SerialDeliverySink {
  @inlinable @inline(__always)
  func stateChanged(_ state: State) {}

  /// Runs `decide` under the lock; the item it returns, if any, is queued in the same critical
  /// section (or this thread takes the drainer role) and delivered after unlocking, in decision
  /// order. `decide` must not call out (see `Locked`).
  @inlinable @inline(__always)
  func decide(_ decide: (inout State) -> Item?) {
    var decided: Item?
    let role: Drainer<Item>.Role?? = state.withLock { state in
      let item = decide(&state)
      stateChanged(state)
      guard let item else { return .none }
      decided = item
      return .some(drainer.enter(orEnqueue: item))
    }
    guard let role, let item = decided else { return }
    drainer.finishSubmit(role, item, to: self)
  }

  /// Queues `item` when `decide` (run under the lock) says so, and delivers it after unlocking
  /// (see `decide(_:)`).
  @inlinable @inline(__always)
  func decide(_ item: Item, _ decide: (inout State) -> Bool) {
    let role: Drainer<Item>.Role?? = state.withLock { state in
      let decided = decide(&state)
      stateChanged(state)
      guard decided else { return .none }
      return .some(drainer.enter(orEnqueue: item))
    }
    guard let role else { return }
    drainer.finishSubmit(role, item, to: self)
  }

  /// Runs `body` on the state under the lock, for a change that delivers nothing (then
  /// `stateChanged`, as after every change). `body` must not call out (see `Locked`).
  @inlinable @inline(__always)
  func change<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock { state in
      let result = body(&state)
      stateChanged(state)
      return result
    }
  }

  /// Stops the state: `true` the first time.
  @inlinable
  func stop() -> Bool {
    change { $0.stop() }
  }

  /// Stops the sink and drops what is queued; safe from any thread, also while another thread
  /// delivers (the drainer's holder drops the queue, see `Drainer.close()`).
  @inlinable
  func dispose() {
    _ = stop()
    drainer.close()
    disposeSources()
  }
}

/// A `SerialDeliverySink` that delivers plain events (the merge and switch families).
@usableFromInline
protocol EventDeliverySink: SerialDeliverySink where Item == Event<Element> {
  associatedtype Element

  /// Where the events go: a subscriber leaf is called directly (see `Downstream`).
  var downstream: Downstream<Element> { get }
}

extension EventDeliverySink {
  /// Forwards `event`; a terminal event then disposes every source. Called by the drainer only,
  /// inside its turn (which already counts as a delivery on this thread).
  @inlinable
  func handle(_ event: Event<Element>, _ role: borrowing DrainerRole) {
    downstream.onWithinDelivery(event)
    if event.isStopEvent { disposeSources() }
  }

  /// Stops with `error` (unless already stopped).
  @inlinable
  func fail(_ error: any Swift.Error) {
    decide(.error(error)) { $0.stop() }
  }
}
