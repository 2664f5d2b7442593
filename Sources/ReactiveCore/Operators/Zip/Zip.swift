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

  /// Pairs the elements of three sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    combining(
      ZipStateMachine.self, source1, source2, source3, (FIFO(), FIFO(), FIFO()), resultSelector)
  }

  /// Pairs the elements of four sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    combining(
      ZipStateMachine.self, source1, source2, source3, source4, (FIFO(), FIFO(), FIFO(), FIFO()),
      resultSelector)
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

  /// Pairs the elements of three sources into tuples.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.zip(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// Pairs the elements of four sources into tuples.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.zip(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }
}
