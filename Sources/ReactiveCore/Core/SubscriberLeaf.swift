import ReactiveEngine
import Synchronization

/// The end of a chain: the subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)`
/// and its siblings. It enforces the grammar, makes `dispose()` a barrier, and releases the
/// user's closures once disposed (breaking `self -> subscription -> closure -> self` cycles).
///
/// Subscribed to a subject or relay, the leaf is also the hub's entry (`HubEntry`, see
/// `Downstream.hubEntry(of:)`): one object per subscription, and `dispose()` leaves the hub
/// itself. Sources that know the leaf reach it through `Downstream` only.
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
  // Read only inside the barrier; released only by whoever the barrier designates, never while
  // a callback runs: so `onNext` is called borrowed in place, without retaining its context (see
  // `ElementHandler`).
  @usableFromInline @exclusivity(unchecked) var onNext: ElementHandler<Element>
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
    self.onNext = ElementHandler(onNext)
    self.onError = onError
    self.onCompleted = onCompleted
    self.onDisposed = onDisposed
    super.init(hub: nil, isLeaf: true)
  }

  @inlinable
  override var isDisposed: Bool { barrier.isClosed }

  /// Receives one event from upstream. When this thread is already inside a delivery (an
  /// operator chain run by a hub's drainer turn, say), that delivery outlasts this callback, so
  /// the barrier need not count another: only whether the thread delivers is ever read (see
  /// `DeliveryDepth`).
  @inlinable
  func on(_ event: Event<Element>) {
    if DeliveryDepth.isDelivering {
      receive(event, withinDelivery: true)
    } else {
      receive(event, withinDelivery: false)
    }
  }

  /// Subscribes this leaf to `source` and returns the subscription (the leaf). A subject or
  /// relay that adopted the leaf as its entry (`Downstream.hubEntry(of:)`) returned the leaf
  /// itself: its `dispose()` leaves the hub. Any other source's disposable is kept as `upstream`.
  @inlinable
  func subscribe<Source: ObservableType>(to source: Source) -> Disposable
  where Source.Element == Element {
    let upstream = source.subscribe(self)
    if !isHubEntry { setUpstream(upstream) }
    return self
  }

  /// Receives one event. `withinDelivery`: the caller is a drainer turn (a hub's, a
  /// `combineLatest`/`zip` sink's, a store's), which already counts as a delivery on this thread,
  /// so the barrier does not count again. Only `Downstream` passes `true`.
  @inlinable @inline(__always)
  func receive(_ event: Event<Element>, withinDelivery: Bool) {
    guard withinDelivery ? barrier.enterWithinDelivery() : barrier.enter() else { return }
    switch event {
    case .next(let element):
      ElementHandler.call(onNext, element)
      if withinDelivery {
        leaveWithinDelivery()
      } else if barrier.leave() {
        releaseHandlers()
      }
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
    ElementHandler.call(onNext, element)
    leaveWithinDelivery()
  }

  /// Ends a callback started by `barrier.enterWithinDelivery()`, releasing the handlers when
  /// the barrier says so. The rare half is out of line, reached through `self` (see
  /// `DisposeBarrier.leaveWithinDelivery(orElse:)`), so the delivery path holds no address of
  /// the barrier or of the handlers.
  @inlinable @inline(__always)
  func leaveWithinDelivery() {
    _ = barrier.leaveWithinDelivery(orElse: { self.leftWhileClosing($0) })
  }

  @usableFromInline @inline(never)
  func leftWhileClosing(_ old: Int) -> Bool {
    if barrier.leftWhileClosing(old) { releaseHandlers() }
    return false
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
    onNext = ElementHandler(nil)
    onError = nil
    onCompleted = nil
    onDisposed = nil
  }
}

/// A subscriber leaf's `onNext`, noncopyable so that calling it borrows it from the leaf's field
/// in place: a copyable closure read from a class's `var` is retained for the call and released
/// after it (the call could replace the field). Sound only because the leaf never releases its
/// handlers while a callback runs (see `DisposeBarrier`).
@usableFromInline
struct ElementHandler<Element>: ~Copyable {
  @usableFromInline let body: ((Element) -> Void)?

  @inlinable init(_ body: ((Element) -> Void)?) { self.body = body }

  /// Calls `handler` with `element`, if it is set.
  @inlinable @inline(__always)
  static func call(_ handler: borrowing ElementHandler, _ element: Element) {
    handler.body?(element)
  }
}

/// Where a source sends its events: the subscriber leaf of `subscribe(onNext:...)` itself, or any
/// other observer. This is the one home of the subscriber-leaf shortcut: the one test of whether
/// an observer is a leaf (`init(_:)`, decided at compile time wherever the caller is specialized),
/// the one test of whether a hub's entry is an adopted leaf (`send(_:toEntry:)`), and the only
/// calls into a leaf from inside a delivery (`onWithinDelivery(_:)`, `onNextWithinDelivery(_:)`,
/// which skip the barrier's count of the delivery: the caller's drainer turn already counts one on
/// this thread, see `DisposeBarrier`). No other code casts to `SubscriberLeaf` or reads `isLeaf`.
///
/// Who uses it: `Observable.subscribe` (sources with a `downstreamHandler`: a subject or relay
/// behind `asObservable()`, `combineLatest`, `zip`, a store's `states`), `Hub` (adopting a leaf
/// as its entry, delivering to entries) and the sinks that send from inside their drainer turn.
@usableFromInline
package struct Downstream<Element> {
  /// The observer; for a leaf, the leaf wrapped (which keeps it alive).
  @usableFromInline let observer: AnyObserver<Element>
  /// The leaf, unretained: `observer` holds it, so the delivery path uses it without reference
  /// counting. `nil` for any other observer.
  @usableFromInline let leaf: Unmanaged<SubscriberLeaf<Element>>?

  /// `observer` as a subscriber leaf, or `nil`: the one test of whether an observer is one.
  @inlinable @inline(__always)
  static func leaf<Observer: ObserverType>(_ observer: Observer) -> SubscriberLeaf<Element>?
  where Observer.Element == Element {
    // Decided at compile time wherever this is specialized.
    observer as? SubscriberLeaf<Element>
  }

  /// `observer` as a downstream.
  @inlinable @inline(__always)
  package init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    if let leaf = Self.leaf(observer) {
      self.init(leaf: leaf)
    } else {
      self.init(observer: AnyObserver(observer), leaf: nil)
    }
  }

  @inlinable @inline(__always)
  init(leaf: SubscriberLeaf<Element>) {
    self.init(observer: AnyObserver(leaf), leaf: Unmanaged.passUnretained(leaf))
  }

  @inlinable @inline(__always)
  init(observer: AnyObserver<Element>, leaf: Unmanaged<SubscriberLeaf<Element>>?) {
    self.observer = observer
    self.leaf = leaf
  }

  /// Sends `event` from outside any delivery this thread counts.
  @inlinable
  package func on(_ event: Event<Element>) { observer.on(event) }

  /// Sends `event` from inside a drainer turn of the caller (which counts as a delivery on this
  /// thread, see `DeliveryDepth`): into a leaf without counting a second delivery.
  @inlinable @inline(__always)
  package func onWithinDelivery(_ event: Event<Element>) {
    if let leaf {
      leaf._withUnsafeGuaranteedRef { $0.receive(event, withinDelivery: true) }
    } else {
      observer.on(event)
    }
  }

  /// `onWithinDelivery(.next(element))`: the element path alone.
  @inlinable @inline(__always)
  package func onNextWithinDelivery(_ element: Element) {
    if let leaf {
      leaf._withUnsafeGuaranteedRef { $0.receiveNextWithinDelivery(element) }
    } else {
      observer.on(.next(element))
    }
  }

  // MARK: Hub entries

  /// `observer` as an entry of `hub`'s list: a subscriber leaf becomes the entry itself (one
  /// object per subscription; its `dispose()` leaves the hub), any other observer is wrapped in
  /// a `HubSubscription`. The caller publishes the entry to the hub's drainer, which orders what
  /// is written here before the drainer's and any later `dispose()`'s reads.
  @inlinable @inline(__always)
  static func hubEntry<Observer: ObserverType>(for observer: Observer, of hub: Hub<Element>)
    -> HubEntry
  where Observer.Element == Element {
    if let leaf = leaf(observer) { return adopt(leaf, by: hub) }
    return HubSubscription(hub: hub, observer: AnyObserver(observer))
  }

  /// This downstream as an entry of `hub`'s list (see `hubEntry(for:of:)`).
  @inlinable @inline(__always)
  func hubEntry(of hub: Hub<Element>) -> HubEntry {
    if let leaf { return Self.adopt(leaf.takeUnretainedValue(), by: hub) }
    return HubSubscription(hub: hub, observer: observer)
  }

  @inlinable @inline(__always)
  static func adopt(_ leaf: SubscriberLeaf<Element>, by hub: Hub<Element>) -> HubEntry {
    leaf.hub = hub
    leaf.isHubEntry = true
    return leaf
  }

  /// Appends `entry` (made by `hubEntry`) to `hub`'s list, with its drainer's role, noting an
  /// adopted leaf in `hub.hasLeaves`: while that is `false` every entry is a `HubSubscription`
  /// and delivery skips the test of each entry's kind (`send(_:toSubscription:)`).
  @inlinable @inline(__always)
  static func append(_ entry: HubEntry, to hub: HubCore, _ role: borrowing DrainerRole) {
    if entry.isLeaf { hub.hasLeaves.set(true, role) }
    hub.appendEntry(entry, role)
  }

  /// Sends `event` to an entry of a `Hub<Element>` whose list holds no leaf (`hasLeaves` is
  /// `false`, see `append(_:to:)`), inside the hub's drainer turn: every entry of such a list is
  /// a `HubSubscription`, so no test of the entry's kind.
  @inlinable @inline(__always)
  static func send(_ event: Event<Element>, toSubscription entry: HubEntry) {
    unsafeDowncast(entry, to: HubSubscription<Element>.self).observer.on(event)
  }

  /// Sends `.next(element)` to an entry of a `Hub<Element>`, inside the hub's drainer turn.
  @inlinable @inline(__always)
  static func sendNext(_ element: Element, toEntry entry: HubEntry) {
    if entry.isLeaf {
      unsafeDowncast(entry, to: SubscriberLeaf<Element>.self).receiveNextWithinDelivery(element)
    } else {
      unsafeDowncast(entry, to: HubSubscription<Element>.self).observer.on(.next(element))
    }
  }

  /// Sends `event` to an entry of a `Hub<Element>`, inside the hub's drainer turn.
  @inlinable @inline(__always)
  static func send(_ event: Event<Element>, toEntry entry: HubEntry) {
    if entry.isLeaf {
      unsafeDowncast(entry, to: SubscriberLeaf<Element>.self).receive(event, withinDelivery: true)
    } else {
      unsafeDowncast(entry, to: HubSubscription<Element>.self).observer.on(event)
    }
  }
}

/// Reports an error that reached a subscription without an `onError` handler, through
/// `Hooks.defaultErrorHandler` (by default, debug builds print it to standard error; errors are
/// never swallowed silently while developing).
@usableFromInline
func reportUnhandledError(_ error: any Swift.Error) {
  Hooks.defaultErrorHandler([], error)
}
