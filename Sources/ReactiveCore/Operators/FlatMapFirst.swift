extension ObservableType {
  /// Maps an element to an observable and emits its elements, ignoring every element that
  /// arrives while that inner is still running (`selector` is not even called for them).
  ///
  /// Completes when this sequence and the running inner have both completed; any error (or a
  /// throwing `selector`) ends the result.
  ///
  /// ```swift
  /// let taps = PublishSubject<Int>()
  /// let request = PublishSubject<String>()
  /// _ = taps.flatMapFirst { _ in request }.subscribe(onNext: { print($0) })
  /// taps.onNext(1); taps.onNext(2)  // the second tap is ignored
  /// request.onNext("done")
  /// // Prints: done
  /// ```
  @inlinable
  public func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    switchObservable(asObservable(), mode: .first, selector: { try selector($0).asObservable() })
  }
}
