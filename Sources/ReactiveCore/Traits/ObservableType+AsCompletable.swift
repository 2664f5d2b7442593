extension ObservableType where Element == Never {
  /// A `Completable` that completes or fails as this sequence does.
  ///
  /// Only a sequence without elements converts, as in RxSwift: with an unconstrained overload,
  /// `scheduler.createColdObservable([.completed(20)]).asCompletable()` would not know its element
  /// type. Drop the elements of any other sequence with `ignoreElements()` (a `Completable`).
  ///
  /// ```swift
  /// _ = Observable<Never>.empty().asCompletable().subscribe(onCompleted: { print("done") })
  /// _ = Observable.of(1, 2).ignoreElements().asCompletable().subscribe(onCompleted: { print("too") })
  /// // Prints: done
  /// // Prints: too
  /// ```
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}
