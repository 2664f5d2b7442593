extension ObservableType {
  /// A `Single` with the first element, or `nil` when the sequence completes without one
  /// (RxSwift 6's `first()`). The source is disposed as soon as the first element arrives.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).first().subscribe(onSuccess: { print($0 as Any) })
  /// // Prints: Optional(1)
  /// ```
  /// - Complexity: O(1).
  @inlinable
  public func first() -> Single<Element?> {
    Single(raw: lift { FirstElementOperator() })
  }
}

@usableFromInline
struct FirstElementOperator<Element>: SingleSourceOperator {
  @inlinable init() {}

  @inlinable
  func next(_ element: Element, _ downstream: AnyObserver<Element?>) -> Bool {
    downstream.on(.next(element))
    return false
  }

  @inlinable
  func completed(_ downstream: AnyObserver<Element?>) {
    downstream.on(.next(nil))
  }
}
