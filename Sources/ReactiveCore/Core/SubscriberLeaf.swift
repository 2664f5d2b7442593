import Synchronization

/// The end of a chain: the subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)`
/// and its siblings. It enforces the grammar, makes `dispose()` a barrier, and releases the
/// user's closures once disposed (breaking `self -> subscription -> closure -> self` cycles).
///
/// Thread safety: events arrive serially (the observable contract); `dispose()` may come from any
/// thread. `bits` arbitrates: `busy` while a callback runs, `disposed` once torn down, `upstreamSet`
/// once the upstream disposable is stored. A `dispose()` from another thread waits until `busy`
/// clears; from the delivering thread itself (inside a callback) it does not wait.
@usableFromInline
final class SubscriberLeaf<Element>: Cancelable, @unchecked Sendable {
  @usableFromInline static var busy: Int { 1 }
  @usableFromInline static var disposed: Int { 2 }
  @usableFromInline static var upstreamSet: Int { 4 }
  /// Set by a `dispose()` made from inside a callback: the deliverer releases the handlers once
  /// the callback has returned. (A `dispose()` from another thread waits and releases them itself.)
  @usableFromInline static var releaseDeferred: Int { 8 }

  @usableFromInline let bits = Atomic<Int>(0)
  /// The thread that last delivered; written before `busy` is set.
  @usableFromInline let busyThread = Atomic<UInt>(0)
  // Written before `upstreamSet` is published; read only by the one that tears down.
  @usableFromInline @exclusivity(unchecked) var upstream: Disposable?
  // Read only while `busy`; cleared only by whoever observes `disposed` with `busy` clear.
  @usableFromInline @exclusivity(unchecked) var onNext: ((Element) -> Void)?
  @usableFromInline @exclusivity(unchecked) var onError: ((any Swift.Error) -> Void)?
  @usableFromInline @exclusivity(unchecked) var onCompleted: (() -> Void)?
  @usableFromInline @exclusivity(unchecked) var onDisposed: (() -> Void)?
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    onNext: ((Element) -> Void)?, onError: ((any Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
  ) {
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
    self.onDisposed = onDisposed
  }

  @inlinable
  var isDisposed: Bool { bits.load(ordering: .acquiring) & Self.disposed != 0 }

  /// Receives one event from upstream.
  @inlinable
  func on(_ event: Event<Element>) {
    busyThread.store(currentThreadID(), ordering: .relaxed)
    var state = bits.load(ordering: .relaxed)
    while true {
      if state & Self.disposed != 0 { return }
      assert(state & Self.busy == 0, "Observable contract violated: events delivered concurrently")
      let (exchanged, current) = bits.compareExchange(
        expected: state, desired: state | Self.busy, ordering: .acquiringAndReleasing)
      if exchanged { break }
      state = current
    }
    switch event {
    case .next(let element):
      onNext?(element)
      let old = bits.bitwiseAnd(~Self.busy, ordering: .acquiringAndReleasing).oldValue
      if old & Self.releaseDeferred != 0 { releaseHandlers() }
    case .error(let error):
      if let onError { onError(error) } else { reportUnhandledError(error) }
      finishTerminal()
    case .completed:
      onCompleted?()
      finishTerminal()
    }
  }

  /// After a terminal event: mark disposed, clear busy, and tear down unless a `dispose()` from
  /// inside the callback already did.
  @inlinable
  func finishTerminal() {
    var state = bits.load(ordering: .relaxed)
    while true {
      let (exchanged, current) = bits.compareExchange(
        expected: state, desired: (state | Self.disposed) & ~Self.busy,
        ordering: .acquiringAndReleasing)
      if exchanged { break }
      state = current
    }
    if state & Self.disposed == 0 {
      tearDown(upstreamWasSet: state & Self.upstreamSet != 0)
    } else if state & Self.releaseDeferred != 0 {
      releaseHandlers()
    }
  }

  /// Stores the upstream subscription; disposes it at once when already torn down.
  @inlinable
  func setUpstream(_ disposable: Disposable) {
    upstream = disposable
    let old = bits.bitwiseOr(Self.upstreamSet, ordering: .acquiringAndReleasing).oldValue
    if old & Self.disposed != 0 {
      upstream = nil
      disposable.dispose()
    }
  }

  @inlinable
  func dispose() {
    let old = bits.bitwiseOr(Self.disposed, ordering: .acquiringAndReleasing).oldValue
    if old & Self.busy != 0 {
      if busyThread.load(ordering: .relaxed) == currentThreadID() {
        // Called from inside our own callback: the deliverer releases the handlers on return.
        if old & Self.disposed == 0 {
          bits.bitwiseOr(Self.releaseDeferred, ordering: .acquiringAndReleasing)
          tearDown(upstreamWasSet: old & Self.upstreamSet != 0, releasing: false)
        }
        return
      }
      waitUntilIdle()
    }
    if old & Self.disposed == 0 {
      tearDown(upstreamWasSet: old & Self.upstreamSet != 0)
    }
  }

  @usableFromInline
  func waitUntilIdle() {
    var round = 0
    while bits.load(ordering: .acquiring) & Self.busy != 0 {
      yieldThread(round)
      round += 1
    }
  }

  @inlinable
  func tearDown(upstreamWasSet: Bool, releasing: Bool = true) {
    if upstreamWasSet {
      let upstream = self.upstream
      self.upstream = nil
      upstream?.dispose()
    }
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

/// Reports an error that reached a subscription without an `onError` handler. Debug builds print
/// it to standard error; errors are never swallowed silently while developing.
@usableFromInline
func reportUnhandledError(_ error: any Swift.Error) {
  #if DEBUG
    let message = "ReactiveCore: unhandled error in subscribe (no onError handler): \(error)\n"
    writeToStandardError(message)
  #endif
}
