extension ObservableType {
  /// Emits elements until `other` emits an element, then completes.
  ///
  /// `other` is subscribed to first. Its first element completes the result and disposes both
  /// subscriptions; its error is forwarded; its completion is ignored (the source continues).
  /// Events from both sources are serialized: downstream never receives two at once.
  ///
  /// ```swift
  /// let stop = PublishSubject<Void>()
  /// let values = PublishSubject<Int>()
  /// _ = values.take(until: stop).subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// values.onNext(1)
  /// stop.onNext(())
  /// values.onNext(2)
  /// // Prints: 1
  /// // Prints: done
  /// ```
  @inlinable
  public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
    untilObservable(asObservable(), until: other.asObservable(), completesOnOther: true)
  }

  /// Emits elements until `predicate` returns `true`, then completes and disposes the source.
  ///
  /// With `.inclusive`, the element that satisfies `predicate` is emitted before completing.
  /// A throwing `predicate` becomes an error.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive)
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  @inlinable
  public func take(
    until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    takeWithPredicate(predicate, stopWhen: true, behavior: behavior)
  }
}

/// The observable behind `take(until:)` (`completesOnOther`) and `skip(until:)`.
@inlinable
func untilObservable<Element, Other>(
  _ source: Observable<Element>, until other: Observable<Other>, completesOnOther: Bool
) -> Observable<Element> {
  Observable(subscribeHandler: { downstream in
    let sink = UntilSink<Element, Other>(downstream: downstream, completesOnOther: completesOnOther)
    return sink.run(source, until: other)
  })
}
