extension ObservableType {
  /// Drops the first `count` elements and emits the rest.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).skip(2).subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// ```
  /// - Precondition: `count >= 0`.
  /// - Complexity: O(1) per element.
  @inlinable
  public func skip(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "skip: count can't be negative")
    return lift { SkipCountOperator(remaining: count) }
  }
}

@usableFromInline
struct SkipCountOperator<Element>: SingleSourceOperator {
  @usableFromInline var remaining: Int

  @inlinable init(remaining: Int) { self.remaining = remaining }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) -> Bool {
    if remaining > 0 {
      remaining -= 1
    } else {
      downstream.on(.next(element))
    }
    return true
  }
}
