import ReactiveEngine

extension ObservableType {
  /// Pairs the elements of two sources in order (the first of each, then the second of each, …)
  /// and combines each pair with `resultSelector`.
  ///
  /// Elements wait in unbounded buffers until every source has one. Completes when both sources
  /// completed (as RxSwift: not earlier, even when a completed source's buffer is empty); a
  /// completed source is disposed at once. Any
  /// error, or a throwing `resultSelector`, ends the result and disposes the sources. Sources may
  /// emit from different threads: delivery is serialized.
  ///
  /// ```swift
  /// _ = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")) { "\($0)\($1)" }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1a
  /// // Prints: 2b
  /// ```
  /// - Complexity: O(1) amortized per element; memory grows with the imbalance between sources.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    combining(ZipStateMachine.self, source1, source2, (FIFO(), FIFO()), resultSelector)
  }
}

extension ObservableType where Element == Any {
  /// Pairs the elements of two sources into tuples (see `zip(_:_:resultSelector:)`).
  ///
  /// ```swift
  /// _ = Observable.zip(Observable.of(1, 2), Observable.of("a", "b"))
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: (1, "a")
  /// // Prints: (2, "b")
  /// ```
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.zip(source1, source2) { ($0, $1) }
  }
}
