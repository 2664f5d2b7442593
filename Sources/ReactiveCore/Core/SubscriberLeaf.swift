import Synchronization

/// The end of a chain: the subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)`
/// and its siblings. It enforces the grammar, makes `dispose()` a barrier, and releases the
/// user's closures once disposed (breaking `self -> subscription -> closure -> self` cycles).
///
/// Thread safety: events arrive serially (the observable contract); `dispose()` may come from any
/// thread. `busy` is set while a callback runs (written only by the delivering thread); `bits`
/// holds `disposed` once torn down and `upstreamSet` once the upstream disposable is stored. A
/// `dispose()` from another thread waits until `busy` clears; from the delivering thread itself
/// (inside a callback) it does not wait.
///
/// The handshake is Dekker's: the deliverer sets `busy` then reads `disposed`; `dispose()` sets
/// `disposed` then reads `busy`, all sequentially consistent, so at least one sees the other.
/// Per event that costs one atomic exchange (setting `busy`) and a plain release store (clearing
/// it); a read-modify-write on one shared word would need two.
@usableFromInline
final class SubscriberLeaf<Element>: Cancelable, @unchecked Sendable {
  @usableFromInline static var disposed: Int { 1 }
  @usableFromInline static var upstreamSet: Int { 2 }
  /// Set by a `dispose()` made from inside a callback: the deliverer releases the handlers once
  /// the callback has returned. (A `dispose()` from another thread waits and releases them itself.)
  @usableFromInline static var releaseDeferred: Int { 4 }

  @usableFromInline let bits = Atomic<Int>(0)
  /// `true` while a callback runs. Written only by the delivering thread.
  @usableFromInline let busy = Atomic<Bool>(false)
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
    #if DEBUG
      let wasBusy = busy.exchange(true, ordering: .sequentiallyConsistent)
      assert(!wasBusy, "Observable contract violated: events delivered concurrently")
    #else
      busy.store(true, ordering: .sequentiallyConsistent)
    #endif
    if bits.load(ordering: .sequentiallyConsistent) & Self.disposed != 0 {
      busy.store(false, ordering: .releasing)
      return
    }
    switch event {
    case .next(let element):
      onNext?(element)
      busy.store(false, ordering: .releasing)
      // Set (if at all) by this thread, inside `onNext`.
      if bits.load(ordering: .relaxed) & Self.releaseDeferred != 0 { releaseHandlers() }
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
    let state = bits.bitwiseOr(Self.disposed, ordering: .acquiringAndReleasing).oldValue
    busy.store(false, ordering: .releasing)
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
    let old = bits.bitwiseOr(Self.disposed, ordering: .sequentiallyConsistent).oldValue
    if busy.load(ordering: .sequentiallyConsistent) {
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
    while busy.load(ordering: .acquiring) {
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
