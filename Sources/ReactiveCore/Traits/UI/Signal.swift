/// The sharing strategy of ``Signal``: delivers on the main scheduler and shares with
/// `share(scope: .whileConnected)`, without replay: a new observer sees only later elements.
public enum SignalSharingStrategy: SharingStrategyProtocol {
  /// A new main scheduler each time (`SharingScheduler.make()`), or what a test put in place.
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  /// Shares without replay while at least one observer is subscribed.
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(scope: .whileConnected)
  }
}

/// A ``SharedSequence`` for UI events, as in RxCocoa: it never errors, delivers on the main
/// thread, and does not replay (an event such as "show this alert" happens once, for those who
/// are listening).
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// let alerts: Signal<String> = taps.asSignal().map { "Saved" }
/// alerts.emit(onNext: { print($0) }).disposed(by: bag)   // on the main thread
/// ```
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension ObservableConvertibleType {
  /// A ``Signal`` that emits `element` and completes in place of this sequence's error.
  @inlinable
  public func asSignal(onErrorJustReturn element: Element) -> Signal<Element> {
    Signal(
      asObservable().observe(onSchedulerOf: SignalSharingStrategy.self).catchAndReturn(element))
  }

  /// A ``Signal`` that continues with `signal` in place of this sequence's error.
  @inlinable
  public func asSignal(onErrorSignalWith signal: Signal<Element>) -> Signal<Element> {
    Signal(
      asObservable().observe(onSchedulerOf: SignalSharingStrategy.self).catch { _ in
        signal.asObservable()
      })
  }

  /// A ``Signal`` that continues with `recover(error)` in place of this sequence's error.
  @inlinable
  public func asSignal(onErrorRecover recover: @escaping (any Swift.Error) -> Signal<Element>)
    -> Signal<Element>
  {
    Signal(
      asObservable().observe(onSchedulerOf: SignalSharingStrategy.self).catch {
        recover($0).asObservable()
      })
  }
}

extension PublishRelay {
  /// The relay as a ``Signal``: every accepted value, on the main thread.
  @inlinable
  public func asSignal() -> Signal<Element> {
    Signal(asObservable().observe(onSchedulerOf: SignalSharingStrategy.self))
  }
}

extension Infallible {
  /// This sequence as a ``Signal`` (it cannot fail, so no error handling is needed).
  @inlinable
  public func asSignal() -> Signal<Element> {
    Signal(asObservable().observe(onSchedulerOf: SignalSharingStrategy.self))
  }
}

extension SharedSequence where SharingStrategy == DriverSharingStrategy {
  /// This driver as a ``Signal``: the same elements, without replay to new observers.
  @inlinable
  public func asSignal() -> Signal<Element> {
    Signal(asObservable())
  }
}

// MARK: - emit

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Sends every event to `observers`.
  ///
  /// - Precondition: called on the main thread, as RxCocoa requires.
  @inlinable
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    asSharedSequence().consume("emit", sendingTo: observers)
  }

  /// Sends every event to `observers` of optional elements. Call on the main thread.
  @inlinable
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    asSharedSequence().consume("emit", sendingTo: observers.map { $0.mapObserver { Optional($0) } })
  }

  /// Accepts every element into `relays`. Call on the main thread.
  @inlinable
  public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
    asSharedSequence().consume("emit") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements. Call on the main thread.
  @inlinable
  public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
    asSharedSequence().consume("emit") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays`. Call on the main thread.
  @inlinable
  public func emit(to relays: PublishRelay<Element>...) -> Disposable {
    asSharedSequence().consume("emit") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements. Call on the main thread.
  @inlinable
  public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
    asSharedSequence().consume("emit") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays`. Call on the main thread.
  @inlinable
  public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
    asSharedSequence().consume("emit") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements. Call on the main thread.
  @inlinable
  public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
    asSharedSequence().consume("emit") { element in for relay in relays { relay.accept(element) } }
  }

  /// Calls the closures for elements, completion and disposal (on the main thread). Call on the
  /// main thread.
  @inlinable
  public func emit(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    ensureMainThreadForUITrait("emit")
    return asObservable().subscribe(
      onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Like ``emit(onNext:onCompleted:onDisposed:)``, passing `object` (held weakly) to each
  /// closure; nothing is called once `object` is gone. Call on the main thread.
  @inlinable
  public func emit<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    ensureMainThreadForUITrait("emit")
    return asObservable().subscribe(
      with: object, onNext: onNext, onError: nil, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }
}
