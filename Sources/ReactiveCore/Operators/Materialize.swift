extension ObservableType {
  /// Emits every event of the source as an element, then completes; never errors.
  ///
  /// A source error arrives as `.next(.error(e))` followed by `.completed`; source completion as
  /// `.next(.completed)` followed by `.completed`. `dematerialize()` reverses it.
  ///
  /// ```swift
  /// _ = Observable.of(1).materialize().subscribe(onNext: { print($0) })
  /// // Prints: next(1)
  /// // Prints: completed
  /// ```
  /// - Complexity: O(1) per event.
  @inlinable
  public func materialize() -> Observable<Event<Element>> {
    lift { MaterializeOperator() }
  }
}

@usableFromInline
struct MaterializeOperator<Element>: SingleSourceOperator {
  @inlinable init() {}

  @inlinable
  func next(_ element: Element, _ downstream: AnyObserver<Event<Element>>) -> Bool {
    downstream.on(.next(.next(element)))
    return true
  }

  @inlinable
  func completed(_ downstream: AnyObserver<Event<Element>>) {
    downstream.on(.next(.completed))
  }

  @inlinable
  func failed(_ error: any Swift.Error, _ downstream: AnyObserver<Event<Element>>) {
    downstream.on(.next(.error(error)))
  }
}
