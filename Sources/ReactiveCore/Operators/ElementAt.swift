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
    return lift { SkipCountOperator(remaining: index, onlyOne: true) }
  }
}
