extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of the most recent inner observable only.
  ///
  /// The previous inner is disposed before the next one is subscribed; stale events are dropped.
  /// Completes when this sequence and the current inner have both completed.
  ///
  /// ```swift
  /// let outer = PublishSubject<Observable<Int>>()
  /// _ = outer.switchLatest().subscribe(onNext: { print($0) })
  /// outer.onNext(.just(1))
  /// // Prints: 1
  /// ```
  @inlinable
  public func switchLatest() -> Observable<Element.Element> {
    switchObservable(asObservable(), mode: .latest, selector: { $0.asObservable() })
  }
}
