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
    Observable(downstreamHandler: { downstream in
      typealias Values = (O1.Element?, O2.Element?)
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(values.0!, values.1!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 2, values: (nil, nil), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      return sink
    })
  }

  /// Combines the latest elements of three sources (see `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Values = (O1.Element?, O2.Element?, O3.Element?)
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(values.0!, values.1!, values.2!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      func store3(_ values: inout Values, _: Int, _ value: O3.Element) { values.2 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 3, values: (nil, nil, nil), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      return sink
    })
  }

  /// Combines the latest elements of four sources (see `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Values = (O1.Element?, O2.Element?, O3.Element?, O4.Element?)
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(values.0!, values.1!, values.2!, values.3!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      func store3(_ values: inout Values, _: Int, _ value: O3.Element) { values.2 = value }
      func store4(_ values: inout Values, _: Int, _ value: O4.Element) { values.3 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 4, values: (nil, nil, nil, nil), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      return sink
    })
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

  /// Combines the latest elements of three sources into tuples.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// Combines the latest elements of four sources into tuples.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }
}
