// RxCocoa's bindings of an `Infallible`: plain subscriptions, since it cannot fail.

extension InfallibleType {
  /// Forwards every event to `observers`.
  ///
  /// ```swift
  /// let subject = PublishSubject<Int>()
  /// _ = subject.subscribe(onNext: { print($0) })
  /// _ = Infallible.just(1).bind(to: subject)
  /// // Prints: 1
  /// ```
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    asObservable().subscribe { event in for observer in observers { observer.on(event) } }
  }

  /// Forwards every event, elements wrapped in `Optional`, to observers of optional elements.
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    asObservable().subscribe { event in
      let optional = event.map { Optional($0) }
      for observer in observers { observer.on(optional) }
    }
  }

  /// Passes this sequence to `binder`, a custom binder function, and returns its result.
  @inlinable
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Passes this sequence to the curried binder `binder`, then `curriedArgument` to what it
  /// returns.
  @inlinable
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }

  /// Calls `onNext` for every element.
  @inlinable
  public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
    asObservable().subscribe(onNext: onNext)
  }

  /// Accepts every element into `relays`.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays`.
  @inlinable
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements.
  @inlinable
  public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays`.
  @inlinable
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Accepts every element into `relays` of optional elements.
  @inlinable
  public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }
}
