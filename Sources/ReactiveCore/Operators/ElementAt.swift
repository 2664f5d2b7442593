extension ObservableType {
  /// Emits only the element at position `index` (zero-based), then completes and disposes the
  /// source.
  ///
  /// When the source completes before reaching `index`, the result fails with
  /// `RxError.argumentOutOfRange`.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b", "c").element(at: 1).subscribe(onNext: { print($0) })
  /// // Prints: b
  /// ```
  /// - Precondition: `index >= 0` (RxSwift stops with a fatal error too).
  /// - Complexity: O(1) per element.
  @inlinable
  public func element(at index: Int) -> Observable<Element> {
    precondition(index >= 0, "element(at:): index can't be negative")
    return lift(mayEndEarly: true) { ElementAtOperator(remaining: index) }
  }
}

@usableFromInline
struct ElementAtOperator<Element>: SingleSourceOperator {
  @usableFromInline var remaining: Int

  @inlinable init(remaining: Int) { self.remaining = remaining }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) -> Bool {
    if remaining > 0 {
      remaining -= 1
      return true
    }
    downstream.on(.next(element))
    return false
  }

  @inlinable
  func completed(_ downstream: AnyObserver<Element>) throws {
    throw RxError.argumentOutOfRange
  }
}
