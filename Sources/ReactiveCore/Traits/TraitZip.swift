// Trait zips are built on `Observable.zip`: a Single/Maybe emits at most once, so pairing the
// first value of every source is exactly "wait for all of them".

extension PrimitiveSequence where Trait == SingleTrait {
  /// Waits for every source and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    resultSelector: @escaping (E1, E2) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
  }

  /// Waits for every source and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    resultSelector: @escaping (E1, E2, E3) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, resultSelector: resultSelector))
  }

  /// Waits for every source and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source,
        resultSelector: resultSelector))
  }

  /// Waits for every source and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>
  ) -> PrimitiveSequence<Trait, (E1, E2)> where Element == (E1, E2) {
    PrimitiveSequence(raw: Observable.zip(source1.source, source2.source) { ($0, $1) })
  }

  /// Waits for every source and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3)> where Element == (E1, E2, E3) {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, source3.source) { ($0, $1, $2) })
  }

  /// Waits for every source and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> where Element == (E1, E2, E3, E4) {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, source3.source, source4.source) {
        ($0, $1, $2, $3)
      })
  }

  /// Waits for every `Single` in `collection` and combines their values with `resultSelector`.
  ///
  /// An empty collection succeeds with `resultSelector([])`, as in RxSwift.
  ///
  /// ```swift
  /// let total = Single.zip([Single.just(1), .just(2)]) { $0.reduce(0, +) }
  /// _ = total.subscribe(onSuccess: { print($0) })
  /// // Prints: 3
  /// ```
  @inlinable
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
  ) -> PrimitiveSequence<Trait, Result>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    if collection.isEmpty {
      return PrimitiveSequence<Trait, Result>(
        raw: Observable.deferred { .just(try resultSelector([])) })
    }
    return PrimitiveSequence<Trait, Result>(
      raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
  }

  /// Waits for every `Single` in `collection` and collects their values in order; an empty
  /// collection succeeds with `[]`.
  @inlinable
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> PrimitiveSequence<Trait, [Element]>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    zip(collection) { $0 }
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Waits for every source and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    resultSelector: @escaping (E1, E2) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector))
  }

  /// Waits for every source and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    resultSelector: @escaping (E1, E2, E3) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, resultSelector: resultSelector))
  }

  /// Waits for every source and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    resultSelector: @escaping (E1, E2, E3, E4) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source,
        resultSelector: resultSelector))
  }

  /// Waits for every source and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>
  ) -> PrimitiveSequence<Trait, (E1, E2)> where Element == (E1, E2) {
    PrimitiveSequence(raw: Observable.zip(source1.source, source2.source) { ($0, $1) })
  }

  /// Waits for every source and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3)> where Element == (E1, E2, E3) {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, source3.source) { ($0, $1, $2) })
  }

  /// Waits for every source and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> where Element == (E1, E2, E3, E4) {
    PrimitiveSequence(
      raw: Observable.zip(source1.source, source2.source, source3.source, source4.source) {
        ($0, $1, $2, $3)
      })
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Runs every completable at once and completes when all of them have completed.
  ///
  /// The first failure fails the result and disposes the others.
  ///
  /// ```swift
  /// _ = Completable.zip(.empty(), .empty()).subscribe(onCompleted: { print("done") })
  /// // Prints: done
  /// ```
  @inlinable
  public static func zip(_ sources: Completable...) -> Completable {
    zip(sources)
  }

  /// Runs every completable in `sources` at once and completes when all of them have completed.
  @inlinable
  public static func zip(_ sources: [Completable]) -> Completable {
    PrimitiveSequence(raw: Observable.merge(sources.map(\.source)))
  }

  /// Runs every completable in `sources` at once and completes when all of them have completed.
  @inlinable
  public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    // Merging never-emitting sources completes exactly when the last one completes.
    PrimitiveSequence(raw: Observable.merge(sources.map(\.source)))
  }
}
