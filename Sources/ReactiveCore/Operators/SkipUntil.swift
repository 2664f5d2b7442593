extension ObservableType {
  /// Drops elements until `other` emits an element, then emits every element.
  ///
  /// `other` is subscribed to first and disposed after its first element. Its error is forwarded;
  /// its completion only disposes it. As in RxSwift, when the source completes before `other`
  /// emitted, the completion is not forwarded (the result ends silently and is disposed).
  /// Events from both sources are serialized: downstream never receives two at once.
  ///
  /// ```swift
  /// let start = PublishSubject<Void>()
  /// let values = PublishSubject<Int>()
  /// _ = values.skip(until: start).subscribe(onNext: { print($0) })
  /// values.onNext(1)
  /// start.onNext(())
  /// values.onNext(2)
  /// // Prints: 2
  /// ```
  @inlinable
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    untilObservable(asObservable(), until: other.asObservable(), completesOnOther: false)
  }
}
