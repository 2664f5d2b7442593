// zip for five to eight sources, on the same sink as the two- to four-source forms (Zip.swift):
// the rules, costs and thread safety are the same.

extension ObservableType {
  /// Pairs the elements of five sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Buffers = (
        FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>
      )
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(
          buffers.0.popFirst()!, buffers.1.popFirst()!, buffers.2.popFirst()!,
          buffers.3.popFirst()!, buffers.4.popFirst()!)
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      func store3(_ buffers: inout Buffers, _: Int, _ value: O3.Element) { buffers.2.append(value) }
      func store4(_ buffers: inout Buffers, _: Int, _ value: O4.Element) { buffers.3.append(value) }
      func store5(_ buffers: inout Buffers, _: Int, _ value: O5.Element) { buffers.4.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 5, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO()), downstream: downstream,
        select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      return sink
    })
  }

  /// Pairs the elements of six sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> Observable<Element> {
    Observable(downstreamHandler: { downstream in
      typealias Buffers = (
        FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>,
        FIFO<O6.Element>
      )
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(
          buffers.0.popFirst()!, buffers.1.popFirst()!, buffers.2.popFirst()!,
          buffers.3.popFirst()!, buffers.4.popFirst()!, buffers.5.popFirst()!)
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      func store3(_ buffers: inout Buffers, _: Int, _ value: O3.Element) { buffers.2.append(value) }
      func store4(_ buffers: inout Buffers, _: Int, _ value: O4.Element) { buffers.3.append(value) }
      func store5(_ buffers: inout Buffers, _: Int, _ value: O5.Element) { buffers.4.append(value) }
      func store6(_ buffers: inout Buffers, _: Int, _ value: O6.Element) { buffers.5.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 6, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO()), downstream: downstream,
        select: select)
      sink.subscribe(source1, index: 0, store: store1) { sink.on($0, 0, select, store1) }
      sink.subscribe(source2, index: 1, store: store2) { sink.on($0, 1, select, store2) }
      sink.subscribe(source3, index: 2, store: store3) { sink.on($0, 2, select, store3) }
      sink.subscribe(source4, index: 3, store: store4) { sink.on($0, 3, select, store4) }
      sink.subscribe(source5, index: 4, store: store5) { sink.on($0, 4, select, store5) }
      sink.subscribe(source6, index: 5, store: store6) { sink.on($0, 5, select, store6) }
      return sink
    })
  }

  /// Pairs the elements of seven sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<
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
      typealias Buffers = (
        FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>,
        FIFO<O6.Element>, FIFO<O7.Element>
      )
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(
          buffers.0.popFirst()!, buffers.1.popFirst()!, buffers.2.popFirst()!,
          buffers.3.popFirst()!, buffers.4.popFirst()!, buffers.5.popFirst()!, buffers.6.popFirst()!
        )
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      func store3(_ buffers: inout Buffers, _: Int, _ value: O3.Element) { buffers.2.append(value) }
      func store4(_ buffers: inout Buffers, _: Int, _ value: O4.Element) { buffers.3.append(value) }
      func store5(_ buffers: inout Buffers, _: Int, _ value: O5.Element) { buffers.4.append(value) }
      func store6(_ buffers: inout Buffers, _: Int, _ value: O6.Element) { buffers.5.append(value) }
      func store7(_ buffers: inout Buffers, _: Int, _ value: O7.Element) { buffers.6.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 7, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO()),
        downstream: downstream, select: select)
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

  /// Pairs the elements of eight sources in order (see `zip(_:_:resultSelector:)`).
  @inlinable
  public static func zip<
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
      typealias Buffers = (
        FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>,
        FIFO<O6.Element>, FIFO<O7.Element>, FIFO<O8.Element>
      )
      @inline(__always) func select(_ buffers: inout Buffers) throws -> Element {
        try resultSelector(
          buffers.0.popFirst()!, buffers.1.popFirst()!, buffers.2.popFirst()!,
          buffers.3.popFirst()!, buffers.4.popFirst()!, buffers.5.popFirst()!,
          buffers.6.popFirst()!, buffers.7.popFirst()!)
      }
      func store1(_ buffers: inout Buffers, _: Int, _ value: O1.Element) { buffers.0.append(value) }
      func store2(_ buffers: inout Buffers, _: Int, _ value: O2.Element) { buffers.1.append(value) }
      func store3(_ buffers: inout Buffers, _: Int, _ value: O3.Element) { buffers.2.append(value) }
      func store4(_ buffers: inout Buffers, _: Int, _ value: O4.Element) { buffers.3.append(value) }
      func store5(_ buffers: inout Buffers, _: Int, _ value: O5.Element) { buffers.4.append(value) }
      func store6(_ buffers: inout Buffers, _: Int, _ value: O6.Element) { buffers.5.append(value) }
      func store7(_ buffers: inout Buffers, _: Int, _ value: O7.Element) { buffers.6.append(value) }
      func store8(_ buffers: inout Buffers, _: Int, _ value: O8.Element) { buffers.7.append(value) }
      let sink = ZipSink<Buffers, Element>(
        arity: 8, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO()),
        downstream: downstream, select: select)
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
  /// Pairs the elements of five sources into tuples.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.zip(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Pairs the elements of six sources into tuples.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Pairs the elements of seven sources into tuples.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7
  ) -> Observable<
    (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  > {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>
      .zip(
        source1, source2, source3, source4, source5, source6, source7
      ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Pairs the elements of eight sources into tuples.
  @inlinable
  public static func zip<
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
    >.zip(
      source1, source2, source3, source4, source5, source6, source7, source8
    ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}
