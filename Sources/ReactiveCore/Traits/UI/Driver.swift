/// The sharing strategy of ``Driver``: delivers on the main scheduler and shares with
/// `share(replay: 1, scope: .whileConnected)`, so a new observer gets the latest element at once.
public enum DriverSharingStrategy: SharingStrategyProtocol {
  /// A new main scheduler each time (`SharingScheduler.make()`), or what a test put in place.
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  /// Shares with a replay of one element while at least one observer is subscribed.
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(replay: 1, scope: .whileConnected)
  }
}

/// A ``SharedSequence`` for UI state, as in RxCocoa: it never errors, delivers on the main
/// thread, and replays its latest element to each new observer (state: "what is the text now").
///
/// ```swift
/// let query = BehaviorRelay(value: "")
/// let title: Driver<String> = query.asDriver().map { $0.isEmpty ? "Search" : $0 }
/// title.drive(onNext: { print($0) }).disposed(by: bag)   // on the main thread
/// // Prints (on the main thread): Search
/// ```
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension ObservableConvertibleType {
  /// A ``Driver`` that emits `element` and completes in place of this sequence's error.
  ///
  /// Elements move to the main scheduler first; the replacement is delivered there too.
  @inlinable
  public func asDriver(onErrorJustReturn element: Element) -> Driver<Element> {
    Driver(
      asObservable().observe(onSchedulerOf: DriverSharingStrategy.self).catchAndReturn(element))
  }

  /// A ``Driver`` that continues with `driver` in place of this sequence's error.
  @inlinable
  public func asDriver(onErrorDriveWith driver: Driver<Element>) -> Driver<Element> {
    Driver(
      asObservable().observe(onSchedulerOf: DriverSharingStrategy.self).catch { _ in
        driver.asObservable()
      })
  }

  /// A ``Driver`` that continues with `recover(error)` in place of this sequence's error.
  @inlinable
  public func asDriver(onErrorRecover recover: @escaping (any Swift.Error) -> Driver<Element>)
    -> Driver<Element>
  {
    Driver(
      asObservable().observe(onSchedulerOf: DriverSharingStrategy.self).catch {
        recover($0).asObservable()
      })
  }
}

extension BehaviorRelay {
  /// The relay as a ``Driver``: its current value at once, then every accepted value, on the
  /// main thread.
  @inlinable
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(onSchedulerOf: DriverSharingStrategy.self))
  }
}

extension Infallible {
  /// This sequence as a ``Driver`` (it cannot fail, so no error handling is needed).
  @inlinable
  public func asDriver() -> Driver<Element> {
    Driver(asObservable().observe(onSchedulerOf: DriverSharingStrategy.self))
  }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
  /// This signal as a ``Driver``: the same elements, with the latest one replayed to new observers.
  @inlinable
  public func asDriver() -> Driver<Element> {
    Driver(asObservable())
  }
}

// MARK: - drive

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Sends every event to `observers`.
  ///
  /// - Precondition: called on the main thread, as RxCocoa requires (a driver delivers there, so
  ///   subscribing elsewhere is a sign of a threading mistake).
  @inlinable
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element {
    asSharedSequence().consume("drive", sendingTo: observers)
  }

  /// Sends every event to `observers` of optional elements. Call on the main thread.
  @inlinable
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    asSharedSequence().consume(
      "drive", sendingTo: observers.map { $0.mapObserver { Optional($0) } })
  }

  /// Accepts every element into `relays`. Call on the main thread.
  @inlinable
  public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
    asSharedSequence().consume("drive") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements. Call on the main thread.
  @inlinable
  public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
    asSharedSequence().consume("drive") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays`. Call on the main thread.
  @inlinable
  public func drive(_ relays: PublishRelay<Element>...) -> Disposable {
    asSharedSequence().consume("drive") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements. Call on the main thread.
  @inlinable
  public func drive(_ relays: PublishRelay<Element?>...) -> Disposable {
    asSharedSequence().consume("drive") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays`. Call on the main thread.
  @inlinable
  public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
    asSharedSequence().consume("drive") { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements. Call on the main thread.
  @inlinable
  public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
    asSharedSequence().consume("drive") { element in for relay in relays { relay.accept(element) } }
  }

  /// Calls the closures for elements, completion and disposal (on the main thread). Call on the
  /// main thread.
  @inlinable
  public func drive(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    ensureMainThreadForUITrait("drive")
    return asObservable().subscribe(
      onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Like ``drive(onNext:onCompleted:onDisposed:)``, passing `object` (held weakly) to each
  /// closure; nothing is called once `object` is gone. Call on the main thread.
  @inlinable
  public func drive<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    ensureMainThreadForUITrait("drive")
    return asObservable().subscribe(
      with: object, onNext: onNext, onError: nil, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }

  /// Passes this driver, as an observable, to `transformation` (a custom binder) and returns
  /// its result, as RxCocoa's. Call on the main thread.
  @inlinable
  public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
    ensureMainThreadForUITrait("drive")
    return transformation(asObservable())
  }

  /// Passes this driver, as an observable, to the curried binder `with`, then `curriedArgument`
  /// to what it returns, as RxCocoa's. Call on the main thread.
  @inlinable
  public func drive<R1, R2>(
    _ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1
  ) -> R2 {
    ensureMainThreadForUITrait("drive")
    return with(asObservable())(curriedArgument)
  }
}

extension SharedSequence {
  /// Subscribes `observers` (after checking the thread): the body of `drive`/`emit` to observers.
  @inlinable
  func consume<Observer: ObserverType>(_ function: StaticString, sendingTo observers: [Observer])
    -> Disposable where Observer.Element == Element
  {
    ensureMainThreadForUITrait(function)
    // One observer (the usual `drive(binder)`) is called directly: walking the array would
    // retain and release its buffer for every event.
    if observers.count == 1, let observer = observers.first {
      return asObservable().subscribe { event in observer.on(event) }
    }
    return asObservable().subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Calls `accept` for every element (after checking the thread): the body of `drive`/`emit`
  /// to relays.
  @inlinable
  func consume(_ function: StaticString, accept: @escaping (Element) -> Void) -> Disposable {
    ensureMainThreadForUITrait(function)
    return asObservable().subscribe(onNext: accept)
  }
}

/// Stops the program unless on the main thread, naming the call (RxCocoa asserts the same).
/// A driver or signal built under ``SharingScheduler/mock(scheduler:action:)`` may be consumed
/// anywhere: tests drive it from their own thread.
@usableFromInline
func ensureMainThreadForUITrait(_ function: StaticString) {
  guard SharingScheduler.override == nil else { return }
  MainScheduler.ensureRunningOnMainThread(
    errorMessage:
      "`\(function)` must be called on the main thread: Driver and Signal deliver there.")
}
