extension ObservableType {
  /// Combines the latest elements of two sources with `resultSelector` whenever either emits,
  /// once both have emitted at least once.
  ///
  /// Completes when both sources completed, or when a source emits while the other completed
  /// without ever having emitted (as RxSwift). A completed source is disposed at once. Any error, or a throwing `resultSelector`,
  /// ends the result and disposes the sources. Sources may emit from different threads: delivery
  /// is serialized, and `resultSelector` never runs under a lock.
  ///
  /// ```swift
  /// let a = PublishSubject<Int>(), b = PublishSubject<String>()
  /// _ = Observable.combineLatest(a, b) { "\($0)\($1)" }.subscribe(onNext: { print($0) })
  /// a.onNext(1); b.onNext("x"); a.onNext(2)
  /// // Prints: 1x
  /// // Prints: 2x
  /// ```
  /// - Complexity: O(1) per element; no lock and no allocation unless sources emit concurrently.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    combining(
      CombineLatestStateMachine.self, source1, source2, (LatestValue(), LatestValue()),
      resultSelector)
  }
}

extension ObservableType where Element == Any {
  /// Combines the latest elements of two sources into tuples (see
  /// `combineLatest(_:_:resultSelector:)` for the rules).
  ///
  /// ```swift
  /// _ = Observable.combineLatest(Observable.just(1), Observable.just("a"))
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: (1, "a")
  /// ```
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }
}
