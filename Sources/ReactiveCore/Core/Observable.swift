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
  /// subscriber leaf itself as a `Downstream`, for sources that take the leaf without a
  /// type-erased observer in between (a subject or relay adopts it as its list entry; a
  /// `combineLatest` or `zip` sink and a store's `states` send straight into it); `nil` for every
  /// other observable. Every other observer goes through `subscribeHandler`.
  @usableFromInline
  let downstreamHandler: ((Downstream<Element>) -> Disposable)?

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
    downstreamHandler = nil
    self.composition = composition
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
  }

  /// An observable whose sink sends its results to a `Downstream`: the subscriber leaf of
  /// `subscribe(onNext:...)` directly when that is the subscriber, else the observer.
  @inlinable
  package convenience init(downstreamHandler: @escaping (Downstream<Element>) -> Disposable) {
    self.init(
      subscribeHandler: { downstreamHandler(Downstream($0)) }, downstreamHandler: downstreamHandler)
  }

  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    // Decided at compile time wherever this is specialized (see `Downstream`).
    if let downstreamHandler, let leaf = Downstream.ofLeaf(observer) {
      return downstreamHandler(leaf)
    }
    return subscribeHandler(AnyObserver(observer))
  }

  @inlinable
  public func asObservable() -> Observable<Element> { self }
}
