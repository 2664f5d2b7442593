import Synchronization

/// The end of a chain: the subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)`
/// and its siblings. It enforces the grammar, makes `dispose()` a barrier, and releases the
/// user's closures once disposed (breaking `self -> subscription -> closure -> self` cycles).
///
/// Subscribed to a subject or relay, the leaf is also the hub's entry (`HubEntry`, see
/// `Hub.subscribe(_:)`): one object per subscription, and `dispose()` leaves the hub itself.
///
/// Thread safety: events arrive serially (the observable contract); `dispose()` may come from any
/// thread. Every callback runs inside `barrier` (see `DisposeBarrier` for exactly what a
/// `dispose()` waits for); the barrier's first owner bit records that `upstream` is stored.
/// `isHubEntry` is written once, before the leaf is published to a hub.
@usableFromInline
final class SubscriberLeaf<Element>: HubEntry, ObserverType, @unchecked Sendable {
  @usableFromInline static var upstreamSet: Int { 1 << DisposeBarrier.ownerShift }

  @usableFromInline let barrier = DisposeBarrier()
  // Written before `upstreamSet` is published; read only by the one that tears down.
  @usableFromInline @exclusivity(unchecked) var upstream: Disposable?
  // Read only inside the barrier; released only by whoever the barrier designates.
  @usableFromInline @exclusivity(unchecked) var onNext: ((Element) -> Void)?
  @usableFromInline @exclusivity(unchecked) var onError: ((any Swift.Error) -> Void)?
  @usableFromInline @exclusivity(unchecked) var onCompleted: (() -> Void)?
  @usableFromInline @exclusivity(unchecked) var onDisposed: (() -> Void)?
  /// Set by the hub that took this leaf as its entry; then there is no `upstream`.
  @usableFromInline @exclusivity(unchecked) var isHubEntry = false

  @inlinable
  init(
    onNext: ((Element) -> Void)?, onError: ((any Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
  ) {
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
    self.onDisposed = onDisposed
    super.init(hub: nil, isLeaf: true)
  }

  @inlinable
  override var isDisposed: Bool { barrier.isClosed }

  /// Receives one event from upstream.
  @inlinable
  func on(_ event: Event<Element>) { receive(event, withinDelivery: false) }

  /// Receives one event. `withinDelivery`: the caller is a drainer turn (its hub's), which
  /// already counts as a delivery on this thread, so the barrier does not count again.
  @inlinable @inline(__always)
  func receive(_ event: Event<Element>, withinDelivery: Bool) {
    guard withinDelivery ? barrier.enterWithinDelivery() : barrier.enter() else { return }
    switch event {
    case .next(let element):
      onNext?(element)
      if withinDelivery ? barrier.leaveWithinDelivery() : barrier.leave() { releaseHandlers() }
    case .error(let error):
      if let onError { onError(error) } else { reportUnhandledError(error) }
      finishTerminal(withinDelivery: withinDelivery)
    case .completed:
      onCompleted?()
      finishTerminal(withinDelivery: withinDelivery)
    }
  }

  /// `receive(.next(element), withinDelivery: true)`: the element path alone.
  @inlinable @inline(__always)
  func receiveNextWithinDelivery(_ element: Element) {
    guard barrier.enterWithinDelivery() else { return }
    onNext?(element)
    if barrier.leaveWithinDelivery() { releaseHandlers() }
  }

  /// After a terminal event (inside the barrier): close, leave, and tear down unless a `dispose()`
  /// from inside the callback already did.
  @inlinable
  func finishTerminal(withinDelivery: Bool) {
    var old = 0
    let closing = barrier.close(old: &old)
    let release = withinDelivery ? barrier.leaveWithinDelivery() : barrier.leave()
    switch closing {
    case .runnerReleases, .releaseNow:
      // First to close (from inside our own callback, so it did not wait).
      tearDown(upstreamWasSet: old & Self.upstreamSet != 0)
    case .alreadyClosed:
      if release { releaseHandlers() }
    }
  }

  /// Stores the upstream subscription; disposes it at once when already torn down.
  @inlinable
  func setUpstream(_ disposable: Disposable) {
    upstream = disposable
    let old = barrier.bits.bitwiseOr(Self.upstreamSet, ordering: .acquiringAndReleasing).oldValue
    if old & DisposeBarrier.closed != 0 {
      upstream = nil
      disposable.dispose()
    }
  }

  @inlinable
  override func dispose() {
    var old = 0
    switch barrier.close(old: &old) {
    case .alreadyClosed:
      return
    case .releaseNow:
      tearDown(upstreamWasSet: old & Self.upstreamSet != 0)
    case .runnerReleases:
      tearDown(upstreamWasSet: old & Self.upstreamSet != 0, releasing: false)
      if barrier.deferRelease() { releaseHandlers() }
    }
  }

  @inlinable
  func tearDown(upstreamWasSet: Bool, releasing: Bool = true) {
    if upstreamWasSet {
      let upstream = self.upstream
      self.upstream = nil
      upstream?.dispose()
    }
    if isHubEntry { detach() }
    let onDisposed = self.onDisposed
    if releasing { releaseHandlers() }
    onDisposed?()
  }

  @inlinable
  func releaseHandlers() {
    onNext = nil
    onError = nil
    onCompleted = nil
    onDisposed = nil
  }
}

/// Reports an error that reached a subscription without an `onError` handler, through
/// `Hooks.defaultErrorHandler` (by default, debug builds print it to standard error; errors are
/// never swallowed silently while developing).
@usableFromInline
func reportUnhandledError(_ error: any Swift.Error) {
  Hooks.defaultErrorHandler([], error)
}
