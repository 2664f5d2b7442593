extension ObservableType {
  /// Forwards every element, wrapped in `Optional`, to relays of optional elements.
  ///
  /// ```swift
  /// let selection = BehaviorRelay<Int?>(value: nil)
  /// _ = Observable.of(1, 2).bind(to: selection)
  /// print(selection.value as Any)
  /// // Prints: Optional(2)
  /// ```
  public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Forwards every element, wrapped in `Optional`, to relays of optional elements.
  public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Forwards every element, wrapped in `Optional`, to relays of optional elements.
  public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
    bind { element in for relay in relays { relay.accept(element) } }
  }

  /// Forwards every event, elements wrapped in `Optional`, to observers of optional elements:
  /// a plain `subscribe`, as for the non-optional form, so an error reaches the observers.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    subscribe { event in
      let optional = event.map { Optional($0) }
      for observer in observers { observer.on(optional) }
    }
  }
}
