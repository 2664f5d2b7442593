/// A type-erased observable sequence: the type that operators return.
///
/// Cold by default: each subscription runs the sequence's subscribe logic anew. Observables are
/// immutable and may be shared and subscribed to from any thread.
///
/// ```swift
/// let numbers = Observable.of(1, 2, 3).map { $0 * 10 }
/// _ = numbers.subscribe(onNext: { print($0) })
/// // Prints: 10
/// // Prints: 20
/// // Prints: 30
/// ```
///
/// As in RxSwift, the subjects and `ConnectableObservable` are subclasses, so they go wherever an
/// `Observable` is expected. A subclass adds no behaviour of its own: it is made with the
/// handlers that run its subscriptions, and `subscribe` is final, so every subscription is
/// dispatched statically and inlined into the operators.
public class Observable<Element>: ObservableType, @unchecked Sendable {  // immutable
  /// Runs one subscription. The observer it receives expects serial, grammar-correct events and
  /// the returned disposable must stop them; `Observable.create` wraps user code to guarantee this.
  @usableFromInline
  let subscribeHandler: (AnyObserver<Element>) -> Disposable

  /// Runs a subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)` with its
  /// subscriber leaf itself as a `Downstream`, for sources that take the leaf without a
  /// type-erased observer in between (a subject or relay adopts it as its list entry; a
  /// `combineLatest` or `zip` sink and a store's `states` send straight into it); `nil` for every
  /// other observable. Every other observer goes through `subscribeHandler`.
  @usableFromInline
  let downstreamHandler: ((Downstream<Element>) -> Disposable)?

  /// What this observable is made of, for the operators that run a recursive chain of their own
  /// kind in one sink and in constant stack (`concat`, `catch`, `deferred`: see
  /// `ConcatComposition`), and the `HotSource` of a subject, relay or connectable observable
  /// (whose subscription starts no trampoline); `nil` for every other observable.
  @usableFromInline
  let composition: AnyObject?

  /// Leaves the level of release that `deinit` enters, once the three fields above are destroyed:
  /// it must stay the last stored property (see `deinit`).
  @usableFromInline
  let releaseLevel: ReleaseLevel

  /// Creates an observable from a subscribe function that already obeys the observable contract
  /// (serial events, grammar, nothing after disposal). For user code, use `Observable.create`.
  @inlinable
  package init(
    subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable,
    composition: AnyObject? = nil
  ) {
    self.subscribeHandler = subscribeHandler
    downstreamHandler = nil
    self.composition = composition
    releaseLevel = ReleaseLevel()
  }

  /// An observable that runs a subscription of a subscriber leaf with `downstreamHandler` (see
  /// `downstreamHandler`), every other one with `subscribeHandler`.
  @inlinable
  init(
    subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable,
    downstreamHandler: @escaping (Downstream<Element>) -> Disposable
  ) {
    self.subscribeHandler = subscribeHandler
    self.downstreamHandler = downstreamHandler
    composition = nil
    releaseLevel = ReleaseLevel()
  }

  /// The observable of a subject or relay: every subscription goes to `hub`. `run` hands a
  /// subscriber leaf to the hub itself (through `composition`), so `downstreamHandler` serves
  /// only to say that this observable takes leaves; it stays a correct handler all the same.
  @inlinable
  init(hub: Hub<Element>) {
    subscribeHandler = { hub.subscribe($0) }
    downstreamHandler = { hub.subscribe($0) }
    composition = hub
    releaseLevel = ReleaseLevel()
  }

  /// An observable whose sink sends its results to a `Downstream`: the subscriber leaf of
  /// `subscribe(onNext:...)` directly when that is the subscriber, else the observer.
  @inlinable
  package convenience init(downstreamHandler: @escaping (Downstream<Element>) -> Disposable) {
    self.init(
      subscribeHandler: { downstreamHandler(Downstream($0)) }, downstreamHandler: downstreamHandler)
  }

  /// Subscribes `observer`.
  ///
  /// A subscription made where no current-thread trampoline runs on this thread starts one, as
  /// RxSwift's producers do (see `Trampoline`): the synchronous sources subscribed inside it queue
  /// their elements on it and take turns, and what was queued has run when `subscribe` returns.
  /// A subscription to a hot source (a subject, a relay's observable, a connectable observable)
  /// starts none, as in RxSwift, where these are not producers: a synchronous source subscribed
  /// from the replay of a `BehaviorSubject` runs at once, not after the replay's handler.
  /// Beyond `SubscribeDepth.bound` subscriptions nested on this thread's stack the subscription
  /// is deferred (see `SubscribeDepth`), so a chain of any depth of any operators subscribes in
  /// constant stack.
  @inlinable
  public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let depth = SubscribeDepth.enter()
    // The deferring path returns on its own, so that the ordinary one ends `observer`'s lifetime
    // in `run` (no copy of it for the other path).
    if _slowPath(depth.defers) { return deferred(observer, counter: depth.counter) }
    // Only the outermost level looks at the trampoline: below it one is always active.
    let activates = depth.counter.pointee == 1 && startsTrampoline && Trampoline.beginActivation()
    let subscription = run(observer)
    SubscribeDepth.leave(depth.counter)
    if activates { Trampoline.endActivation() }
    return subscription
  }

  /// Whether an outermost subscription starts a trampoline: not for a hot source (see
  /// `subscribe`). Only compositions are cast, so the ordinary observable pays one test.
  @inlinable
  final var startsTrampoline: Bool {
    guard let composition else { return true }
    return !(composition is HotSource)
  }

  /// Defers the subscription of `observer` (beyond the bound) and leaves the level: out of line,
  /// so the closure it allocates stays off the ordinary path.
  @usableFromInline @inline(never)
  final func deferred<Observer: ObserverType>(
    _ observer: Observer, counter: UnsafeMutablePointer<Int>
  ) -> Disposable where Observer.Element == Element {
    let subscription = SubscribeDepth.deferred { self.run(observer) }
    SubscribeDepth.leave(counter)
    return subscription
  }

  /// Runs the subscription of `observer` on this stack.
  @inlinable @inline(__always)
  final func run<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    // Decided at compile time wherever this is specialized (see `Downstream`).
    if let downstreamHandler, let leaf = Downstream.leaf(observer) {
      // A subject's or relay's hub adopts the leaf itself as its entry: no type-erased observer
      // is made around it (only a hub observable has both handlers and a composition).
      if let composition, composition is HubCore {
        // `init(hub:)` is the one place a hub becomes a composition, a `Hub<Element>`: the only
        // subclass of `HubCore`, of this observable's element type.
        return unsafeDowncast(composition, to: Hub<Element>.self).subscribe(leaf)
      }
      return downstreamHandler(Downstream(leaf: leaf))
    }
    return subscribeHandler(AnyObserver(observer))
  }

  // The handlers hold what the observable is made of (its sources, through their contexts), so
  // freeing a chain of observables nests one level per operator. Swift destroys a class's stored
  // properties after `deinit`'s body, in declaration order: this body enters a level of release
  // (`Trampoline.enterReleaseLevel`) and the last stored property, `releaseLevel`, leaves it, so
  // the handlers are dropped inside the release depth count (as by `Trampoline.release`).
  // Beyond the bound, copies of them are parked in a box for the outermost release of the thread
  // to drop, so the fields' own destruction frees nothing. The fields stay immutable (a
  // subscription calls them without retaining them), and the fast path allocates nothing and
  // looks up no generic metadata (this deinit runs unspecialized).
  // `ObservableReleaseTests` checks the order in every build.
  deinit {
    guard Trampoline.enterReleaseLevel() else {
      Trampoline.park(
        .object(
          ParkedHandlers(
            subscribeHandler: subscribeHandler, downstreamHandler: downstreamHandler,
            composition: composition)))
      return
    }
  }

  @inlinable
  public final func asObservable() -> Observable<Element> { self }
}

/// What the `composition` of a hot observable is (a subject's or relay's hub, a connectable
/// observable's connection state): its subscription starts no trampoline (see
/// `Observable.subscribe`).
@usableFromInline
class HotSource: @unchecked Sendable {
  @inlinable init() {}
}

/// The handlers of an observable freed beyond the release bound, kept until the outermost release
/// of the thread drops them (see `Observable.deinit`).
final class ParkedHandlers<Element> {
  let subscribeHandler: (AnyObserver<Element>) -> Disposable
  let downstreamHandler: ((Downstream<Element>) -> Disposable)?
  let composition: AnyObject?

  init(
    subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable,
    downstreamHandler: ((Downstream<Element>) -> Disposable)?, composition: AnyObject?
  ) {
    self.subscribeHandler = subscribeHandler
    self.downstreamHandler = downstreamHandler
    self.composition = composition
  }
}

/// The last stored property of an `Observable`: its destruction, after the observable's other
/// fields, leaves the level of release its `deinit` entered (see `Observable.deinit`).
@usableFromInline
struct ReleaseLevel: ~Copyable {
  @inlinable init() {}

  deinit { Trampoline.leaveRelease() }
}
