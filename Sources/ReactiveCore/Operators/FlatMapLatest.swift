extension ObservableType {
  /// Maps each element to an observable and emits the elements of the most recent one only.
  ///
  /// When a new element arrives, the previous inner subscription is disposed *before* the new
  /// inner is subscribed; events a stale inner still sends are dropped. Completes when this
  /// sequence and the current inner have both completed; any error (or a throwing `selector`)
  /// ends the result.
  ///
  /// ```swift
  /// let query = PublishSubject<String>()
  /// let results = PublishSubject<String>()
  /// _ = query.flatMapLatest { q in results.map { "\(q): \($0)" } }
  ///   .subscribe(onNext: { print($0) })
  /// query.onNext("a"); query.onNext("ab"); results.onNext("x")
  /// // Prints: ab: x
  /// ```
  @inlinable
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    switchObservable(asObservable(), mode: .latest, selector: { try selector($0).asObservable() })
  }
}
