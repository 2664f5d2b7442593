extension ObservableType {
  /// A `Completable` that completes or fails as this sequence does, ignoring its elements.
  ///
  /// RxSwift offers `asCompletable()` on `Observable<Never>`; here it is available on every
  /// observable (for `Never` elements the two are the same).
  ///
  /// ```swift
  /// _ = Observable.of(1, 2).asCompletable().subscribe(onCompleted: { print("done") })
  /// // Prints: done
  /// ```
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: ignoreElementsForTraits())
  }
}
