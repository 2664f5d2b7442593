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
public final class Observable<Element>: ObservableType, @unchecked Sendable {  // immutable
  /// Runs one subscription. The observer it receives expects serial, grammar-correct events and
  /// the returned disposable must stop them; `Observable.create` wraps user code to guarantee this.
  @usableFromInline
  let subscribeHandler: (AnyObserver<Element>) -> Disposable

  /// Runs a subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)` with its
  /// subscriber leaf itself, for sources that can use it without a type-erased observer in
  /// between (a subject or relay takes the leaf as its list entry; a `combineLatest` or `zip`
  /// sink and a store's `states` send straight into it); `nil` for every other observable.
  @usableFromInline
  let leafHandler: ((SubscriberLeaf<Element>) -> Disposable)?

  /// What this observable is made of, for the operators that run a recursive chain of their own
  /// kind in one sink and in constant stack (`concat`, `catch`, `deferred`: see
  /// `ConcatComposition`); `nil` for every other observable.
  @usableFromInline
  let composition: AnyObject?

  /// Creates an observable from a subscribe function that already obeys the observable contract
  /// (serial events, grammar, nothing after disposal). For user code, use `Observable.create`.
  @inlinable
  package init(
    subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable,
    composition: AnyObject? = nil
  ) {
    self.subscribeHandler = subscribeHandler
    leafHandler = nil
    self.composition = composition
  }

  /// An observable that runs a subscription of `subscribe(onNext:...)` with `leafHandler` (see
  /// `leafHandler`), every other one with `subscribeHandler`.
  @inlinable
  init(
    subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable,
    leafHandler: @escaping (SubscriberLeaf<Element>) -> Disposable
  ) {
    self.subscribeHandler = subscribeHandler
    self.leafHandler = leafHandler
    composition = nil
  }

  /// An observable whose sink sends its results to a `Downstream`: the subscriber leaf of
  /// `subscribe(onNext:...)` directly when that is the subscriber, else the observer.
  @inlinable
  package convenience init(downstreamHandler: @escaping (Downstream<Element>) -> Disposable) {
    self.init(
      subscribeHandler: { downstreamHandler(Downstream(observer: $0, leaf: nil)) },
      leafHandler: { downstreamHandler(Downstream(observer: AnyObserver($0), leaf: $0)) })
  }

  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    // The cast is decided at compile time wherever this is specialized.
    if let leafHandler, let leaf = observer as? SubscriberLeaf<Element> { return leafHandler(leaf) }
    return subscribeHandler(AnyObserver(observer))
  }

  @inlinable
  public func asObservable() -> Observable<Element> { self }
}

/// Where a sink sends its results: the observer it was subscribed with, and the same observer as a
/// subscriber leaf when it is one (see `Observable.leafHandler`).
@usableFromInline
package struct Downstream<Element> {
  @usableFromInline let observer: AnyObserver<Element>
  /// The leaf, unretained: `observer` wraps it and keeps it alive, and an unmanaged reference
  /// is used without reference counting.
  @usableFromInline let leaf: Unmanaged<SubscriberLeaf<Element>>?

  @inlinable
  init(observer: AnyObserver<Element>, leaf: SubscriberLeaf<Element>?) {
    self.observer = observer
    self.leaf = leaf.map { Unmanaged.passUnretained($0) }
  }

  /// Sends `event`.
  @inlinable
  package func on(_ event: Event<Element>) { observer.on(event) }

  /// Sends `.next(element)` from inside a delivery the calling thread already counts (the sink's
  /// drainer turn, see `DeliveryDepth`): into the leaf without counting a second delivery.
  @inlinable @inline(__always)
  package func onNextWithinDelivery(_ element: Element) {
    if let leaf {
      leaf._withUnsafeGuaranteedRef {
        $0.receiveNextWithinDelivery(element)
      }
    } else {
      observer.on(.next(element))
    }
  }
}
