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
    return lift { SkipCountOperator(remaining: count, onlyOne: false) }
  }
}

/// `skip(_:)` and `element(at:)`: drops the first `remaining` elements. For `element(at:)`
/// (`onlyOne`) the next element is the last one (the sequence then completes), and a source that
/// completes before it fails the result.
@usableFromInline
struct SkipCountOperator<Element>: SingleSourceOperator {
  @usableFromInline var remaining: Int
  @usableFromInline let onlyOne: Bool

  @inlinable init(remaining: Int, onlyOne: Bool) {
    self.remaining = remaining
    self.onlyOne = onlyOne
  }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) -> Bool {
    if remaining > 0 {
      remaining -= 1
      return true
    }
    downstream.on(.next(element))
    return !onlyOne
  }

  @inlinable
  func completed(_ downstream: AnyObserver<Element>) throws {
    if onlyOne { throw RxError.argumentOutOfRange }
  }
}
