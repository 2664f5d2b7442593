extension ObservableType {
  /// A `Maybe` with the element of this sequence, or empty when it completes without one.
  ///
  /// Fails with `RxError.moreThanOneElement` as soon as a second element arrives (disposing
  /// the source). The element is emitted when the source completes.
  ///
  /// ```swift
  /// _ = Observable<Int>.empty().asMaybe()
  ///   .subscribe(onSuccess: { print($0) }, onCompleted: { print("empty") })
  /// // Prints: empty
  /// ```
  /// - Complexity: O(1) per element.
  @inlinable
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: oneElementForTraits(requireElement: false))
  }
}
