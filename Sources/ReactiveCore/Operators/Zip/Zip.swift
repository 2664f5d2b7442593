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
    Observable(downstreamHandler: { downstream in
      typealias Buffers = (FIFO<O1.Element>, FIFO<O2.Element>)
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(buffers.0.popFirst()!, buffers.1.popFirst()!)
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 2, buffers: (FIFO(), FIFO()), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      return sink
    })
  }

  /// Pairs the elements of three sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Buffers = (FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>)
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(buffers.0.popFirst()!, buffers.1.popFirst()!, buffers.2.popFirst()!)
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      func store3(_ buffers: inout Buffers, _: Int, _ value: O3.Element) { buffers.2.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 3, buffers: (FIFO(), FIFO(), FIFO()), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      return sink
    })
  }

  /// Pairs the elements of four sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Buffers = (FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>)
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(
          buffers.0.popFirst()!, buffers.1.popFirst()!, buffers.2.popFirst()!, buffers.3.popFirst()!
        )
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      func store3(_ buffers: inout Buffers, _: Int, _ value: O3.Element) { buffers.2.append(value) }
      func store4(_ buffers: inout Buffers, _: Int, _ value: O4.Element) { buffers.3.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 4, buffers: (FIFO(), FIFO(), FIFO(), FIFO()), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      return sink
    })
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
