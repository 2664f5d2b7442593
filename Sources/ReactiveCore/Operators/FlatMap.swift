extension ObservableType {
  /// Maps each element to an observable and merges the elements of all those observables.
  ///
  /// Every inner is subscribed at once. Completes once this sequence and every inner completed;
  /// any error (or a throwing `selector`) ends the result and disposes everything. Inners may
  /// emit from different threads: delivery is serialized.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2).flatMap { Observable.of($0, $0 * 10) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 10
  /// // Prints: 2
  /// // Prints: 20
  /// ```
  /// - Note: synchronous inners take turns on the current-thread trampoline (see `merge`).
  @inlinable
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    mergeObservable(
      asObservable(), maxConcurrent: .max, selector: { try selector($0).asObservable() })
  }
}
