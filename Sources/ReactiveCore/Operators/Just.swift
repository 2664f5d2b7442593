extension ObservableType {
  /// An observable that emits `element` and completes.
  ///
  /// ```swift
  /// _ = Observable.just(7).subscribe(onNext: { print($0) })
  /// // Prints: 7
  /// ```
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    Observable(subscribeHandler: { observer in
      observer.on(.next(element))
      observer.on(.completed)
      return Disposables.create()
    })
  }

  /// An observable that completes at once.
  @inlinable
  public static func empty() -> Observable<Element> {
    Observable(subscribeHandler: { observer in
      observer.on(.completed)
      return Disposables.create()
    })
  }

  /// An observable that never emits and never terminates.
  @inlinable
  public static func never() -> Observable<Element> {
    Observable(subscribeHandler: { _ in Disposables.create() })
  }

  /// An observable that fails with `error` at once.
  @inlinable
  public static func error(_ error: any Swift.Error) -> Observable<Element> {
    Observable(subscribeHandler: { observer in
      observer.on(.error(error))
      return Disposables.create()
    })
  }

  /// An observable that emits the arguments in order and completes.
  ///
  /// Emits synchronously on the subscribing thread; stops early when an operator downstream such as
  /// `take(_:)` ends the sequence (see `repeatElement(_:)`), so infinite sequences work too.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  @inlinable
  public static func of(_ elements: Element...) -> Observable<Element> {
    from(elements)
  }

  /// An observable that emits the elements of `sequence` in order and completes.
  @inlinable
  public static func from<S: Sequence>(_ sequence: S) -> Observable<Element>
  where S.Element == Element {
    Observable(subscribeHandler: { observer in
      SyncGenerator.subscribe(observer, state: IteratorGeneratorState(sequence.makeIterator()))
    })
  }

  /// An observable that calls `factory` on every subscription and subscribes to its result.
  /// A throwing factory yields an error.
  ///
  /// The factory returns an `Observable<Element>`, as in RxSwift, so a closure that only throws or
  /// returns `.never()` / `Observable.create { … }` is inferred without annotations.
  @inlinable
  public static func deferred(
    _ factory: @escaping () throws -> Observable<Element>
  ) -> Observable<Element> {
    Observable(
      subscribeHandler: { observer in
        do {
          return try factory().asObservable().subscribe(observer)
        } catch {
          observer.on(.error(error))
          return Disposables.create()
        }
      }, composition: DeferredComposition(factory))
  }
}
