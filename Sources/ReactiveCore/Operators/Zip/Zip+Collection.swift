extension ObservableType {
  /// Pairs the elements of every source in `collection` in order and combines each group with
  /// `resultSelector`.
  ///
  /// Same rules as the two-source form, plus RxSwift's collection rule: the result also completes
  /// when the last running source emits an element that cannot be paired because every other
  /// source completed. An empty collection completes at once without emitting.
  ///
  /// ```swift
  /// _ = Observable.zip([Observable.of(1, 2), .of(10, 20)]) { $0.reduce(0, +) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 11
  /// // Prints: 22
  /// ```
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    let sources = collection.map { $0.asObservable() }
    typealias Source = Collection.Element.Element
    return Observable(downstreamHandler: { downstream in
      if sources.isEmpty {
        downstream.on(.completed)
        return Disposables.create()
      }
      func select(_ buffers: inout [FIFO<Source>]) throws -> Element {
        try resultSelector(buffers.indices.map { buffers[$0].popFirst()! })
      }
      func store(_ buffers: inout [FIFO<Source>], _ index: Int, _ value: Source) {
        buffers[index].append(value)
      }
      let sink = ZipSink<[FIFO<Source>], Element>(
        arity: sources.count, completesWhenOthersDone: true,
        buffers: Array(repeating: FIFO(), count: sources.count), downstream: downstream,
        select: select)
      for (index, source) in sources.enumerated() {
        sink.subscribe(source, index: index, store: store) { sink.on($0, index, select, store) }
      }
      return sink
    })
  }

  /// Pairs the elements of every source in `collection` into arrays.
  ///
  /// ```swift
  /// _ = Observable.zip([Observable.of(1, 2), .of(10, 20)]).subscribe(onNext: { print($0) })
  /// // Prints: [1, 10]
  /// // Prints: [2, 20]
  /// ```
  @inlinable
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.zip(collection) { $0 }
  }
}
