extension ObservableType {
  /// Maps each element to an observable and emits their elements in order: each inner is
  /// subscribed only after the previous one completed.
  ///
  /// `selector` runs as elements arrive; the inners it returns wait in a queue. Completes once
  /// this sequence and every inner completed; any error (or a throwing `selector`) ends the result.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2).concatMap { Observable.of($0, $0 * 10) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 10
  /// // Prints: 2
  /// // Prints: 20
  /// ```
  @inlinable
  public func concatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    mergeObservable(asObservable(), maxConcurrent: 1, selector: { try selector($0).asObservable() })
  }
}
