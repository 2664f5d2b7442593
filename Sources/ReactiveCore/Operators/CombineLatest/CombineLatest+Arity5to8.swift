// combineLatest for five to eight sources, on the same sink as the two- to four-source forms
// (CombineLatest.swift): the rules, costs and thread safety are the same.

extension ObservableType {
  /// Combines the latest elements of five sources (see `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Values = (O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?)
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(values.0!, values.1!, values.2!, values.3!, values.4!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      func store3(_ values: inout Values, _: Int, _ value: O3.Element) { values.2 = value }
      func store4(_ values: inout Values, _: Int, _ value: O4.Element) { values.3 = value }
      func store5(_ values: inout Values, _: Int, _ value: O5.Element) { values.4 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 5, values: (nil, nil, nil, nil, nil), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      return sink
    })
  }

  /// Combines the latest elements of six sources (see `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Values = (
        O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?, O6.Element?
      )
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(values.0!, values.1!, values.2!, values.3!, values.4!, values.5!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      func store3(_ values: inout Values, _: Int, _ value: O3.Element) { values.2 = value }
      func store4(_ values: inout Values, _: Int, _ value: O4.Element) { values.3 = value }
      func store5(_ values: inout Values, _: Int, _ value: O5.Element) { values.4 = value }
      func store6(_ values: inout Values, _: Int, _ value: O6.Element) { values.5 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 6, values: (nil, nil, nil, nil, nil, nil), downstream: downstream, select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      return sink
    })
  }

  /// Combines the latest elements of seven sources (see `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
      throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Values = (
        O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?, O6.Element?, O7.Element?
      )
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(
          values.0!, values.1!, values.2!, values.3!, values.4!, values.5!, values.6!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      func store3(_ values: inout Values, _: Int, _ value: O3.Element) { values.2 = value }
      func store4(_ values: inout Values, _: Int, _ value: O4.Element) { values.3 = value }
      func store5(_ values: inout Values, _: Int, _ value: O5.Element) { values.4 = value }
      func store6(_ values: inout Values, _: Int, _ value: O6.Element) { values.5 = value }
      func store7(_ values: inout Values, _: Int, _ value: O7.Element) { values.6 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 7, values: (nil, nil, nil, nil, nil, nil, nil), downstream: downstream,
        select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      sink.subscribe(source7, index: 6, store: store7) { sink.on($0, 6, select, store7) }
      return sink
    })
  }

  /// Combines the latest elements of eight sources (see `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7, _ source8: O8,
    resultSelector:
      @escaping (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
        O8.Element
      ) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Values = (
        O1.Element?, O2.Element?, O3.Element?, O4.Element?, O5.Element?, O6.Element?, O7.Element?,
        O8.Element?
      )
      @inline(__always) func select(_ values: inout Values) throws -> Element {
        try resultSelector(
          values.0!, values.1!, values.2!, values.3!, values.4!, values.5!, values.6!, values.7!)
      }
      func store1(_ values: inout Values, _: Int, _ value: O1.Element) { values.0 = value }
      func store2(_ values: inout Values, _: Int, _ value: O2.Element) { values.1 = value }
      func store3(_ values: inout Values, _: Int, _ value: O3.Element) { values.2 = value }
      func store4(_ values: inout Values, _: Int, _ value: O4.Element) { values.3 = value }
      func store5(_ values: inout Values, _: Int, _ value: O5.Element) { values.4 = value }
      func store6(_ values: inout Values, _: Int, _ value: O6.Element) { values.5 = value }
      func store7(_ values: inout Values, _: Int, _ value: O7.Element) { values.6 = value }
      func store8(_ values: inout Values, _: Int, _ value: O8.Element) { values.7 = value }
      let sink = CombineLatestSink<Values, Element>(
        arity: 8, values: (nil, nil, nil, nil, nil, nil, nil, nil), downstream: downstream,
        select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      sink.subscribe(source7, index: 6, store: store7) { sink.on($0, 6, select, store7) }
      sink.subscribe(source8, index: 7, store: store8) { sink.on($0, 7, select, store8) }
      return sink
    })
  }
}

extension ObservableType where Element == Any {
  /// Combines the latest elements of five sources into tuples.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Combines the latest elements of six sources into tuples.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
      .combineLatest(
        source1, source2, source3, source4, source5, source6
      ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Combines the latest elements of seven sources into tuples.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7
  ) -> Observable<
    (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  > {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>
      .combineLatest(
        source1, source2, source3, source4, source5, source6, source7
      ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Combines the latest elements of eight sources into tuples.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7, _ source8: O8
  ) -> Observable<
    (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
  > {
    Observable<
      (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
        O8.Element
      )
    >.combineLatest(
      source1, source2, source3, source4, source5, source6, source7, source8
    ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}
