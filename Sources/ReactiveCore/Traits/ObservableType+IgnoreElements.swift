extension ObservableType {
  /// Drops every element and keeps only completion or the error, as a `Completable`.
  ///
  /// `Completable` offers `asObservable()` (an `Observable<Never>`) and `asCompletable()`, so
  /// code written for either return type keeps compiling.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).ignoreElements().subscribe(onCompleted: { print("done") })
  /// // Prints: done
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func ignoreElements() -> Completable {
    Completable(raw: ignoreElementsForTraits())
  }

  /// This sequence without its elements, as an `Observable<Never>`.
  @inlinable
  func ignoreElementsForTraits() -> Observable<Never> {
    lift { IgnoreElementsOperator<Element>() }
  }
}

@usableFromInline
struct IgnoreElementsOperator<Element>: SingleSourceOperator {
  @inlinable init() {}

  @inlinable
  func next(_ element: Element, _ downstream: AnyObserver<Never>) -> Bool { true }
}
