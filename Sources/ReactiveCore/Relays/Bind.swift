extension ObservableType {
  /// Forwards every element to `relays`. Completion is ignored; an error is a programming error
  /// (relays cannot error): debug builds stop, release builds print it and end the binding.
  ///
  /// ```swift
  /// let source = PublishRelay<Int>(), target = BehaviorRelay(value: 0)
  /// source.bind(to: target).disposed(by: bag)
  /// source.accept(1)
  /// print(target.value)
  /// // Prints: 1
  /// ```
  @inlinable
  public func bind(to relays: PublishRelay<Element>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Forwards every element to `relays`; see `bind(to:)` for `PublishRelay`.
  @inlinable
  public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Forwards every element to `relays`; see `bind(to:)` for `PublishRelay`.
  @inlinable
  public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Forwards every event to `observers` (a subject, an `AnyObserver`, a `Binder`): a plain
  /// `subscribe`, as RxCocoa's, so an error reaches the observers (a `Binder` treats it as a
  /// programming error; relays and `bind(onNext:)` do too).
  @inlinable
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    subscribe { event in for observer in observers { observer.on(event) } }
  }

  /// Passes this sequence to `binder`, a custom binder function, and returns its result, as
  /// RxCocoa's (`bind(to: render)` reads as a binding).
  @inlinable
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Passes this sequence to the curried binder `binder`, then `curriedArgument` to what it
  /// returns, as RxCocoa's.
  @inlinable
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }

  /// Calls `onNext` for every element: a subscription for side effects that must not fail.
  @inlinable
  public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
    subscribe(onNext: onNext, onError: { bindingError($0) })
  }
}

/// A binding received an error: a programming error.
@usableFromInline
func bindingError(_ error: any Swift.Error) {
  let message = "ReactiveCore: binding error (bindings must not error): \(error)"
  #if DEBUG
    fatalError(message)
  #else
    writeToStandardError(message + "\n")
  #endif
}
