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
      let sink = ZipSink<
        (FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>),
        Element
      >(
        arity: 5, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO()), downstream: downstream,
        select: {
          try resultSelector(
            $0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!,
            $0.4.popFirst()!
          )
        })
      sink.subscribe(source1, index: 0) { $0.0.append($1) }
      sink.subscribe(source2, index: 1) { $0.1.append($1) }
      sink.subscribe(source3, index: 2) { $0.2.append($1) }
      sink.subscribe(source4, index: 3) { $0.3.append($1) }
      sink.subscribe(source5, index: 4) { $0.4.append($1) }
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
      let sink = ZipSink<
        (
          FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>,
          FIFO<O6.Element>
        ), Element
      >(
        arity: 6, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO()), downstream: downstream,
        select: {
          try resultSelector(
            $0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!,
            $0.4.popFirst()!, $0.5.popFirst()!
          )
        })
      sink.subscribe(source1, index: 0) { $0.0.append($1) }
      sink.subscribe(source2, index: 1) { $0.1.append($1) }
      sink.subscribe(source3, index: 2) { $0.2.append($1) }
      sink.subscribe(source4, index: 3) { $0.3.append($1) }
      sink.subscribe(source5, index: 4) { $0.4.append($1) }
      sink.subscribe(source6, index: 5) { $0.5.append($1) }
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
      let sink = ZipSink<
        (
          FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>,
          FIFO<O6.Element>, FIFO<O7.Element>
        ),
        Element
      >(
        arity: 7, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO()),
        downstream: downstream,
        select: {
          try resultSelector(
            $0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!,
            $0.4.popFirst()!, $0.5.popFirst()!, $0.6.popFirst()!
          )
        })
      sink.subscribe(source1, index: 0) { $0.0.append($1) }
      sink.subscribe(source2, index: 1) { $0.1.append($1) }
      sink.subscribe(source3, index: 2) { $0.2.append($1) }
      sink.subscribe(source4, index: 3) { $0.3.append($1) }
      sink.subscribe(source5, index: 4) { $0.4.append($1) }
      sink.subscribe(source6, index: 5) { $0.5.append($1) }
      sink.subscribe(source7, index: 6) { $0.6.append($1) }
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
      let sink = ZipSink<
        (
          FIFO<O1.Element>, FIFO<O2.Element>, FIFO<O3.Element>, FIFO<O4.Element>, FIFO<O5.Element>,
          FIFO<O6.Element>, FIFO<O7.Element>, FIFO<O8.Element>
        ), Element
      >(
        arity: 8, buffers: (FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO(), FIFO()),
        downstream: downstream,
        select: {
          try resultSelector(
            $0.0.popFirst()!, $0.1.popFirst()!, $0.2.popFirst()!, $0.3.popFirst()!,
            $0.4.popFirst()!, $0.5.popFirst()!, $0.6.popFirst()!, $0.7.popFirst()!
          )
        })
      sink.subscribe(source1, index: 0) { $0.0.append($1) }
      sink.subscribe(source2, index: 1) { $0.1.append($1) }
      sink.subscribe(source3, index: 2) { $0.2.append($1) }
      sink.subscribe(source4, index: 3) { $0.3.append($1) }
      sink.subscribe(source5, index: 4) { $0.4.append($1) }
      sink.subscribe(source6, index: 5) { $0.5.append($1) }
      sink.subscribe(source7, index: 6) { $0.6.append($1) }
      sink.subscribe(source8, index: 7) { $0.7.append($1) }
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
