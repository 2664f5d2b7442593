// Trait zips are built on `Observable.zip`: a Single/Maybe emits at most once, so pairing the
// first value of every source is exactly "wait for all of them". The forms of two to eight
// sources are generated (TraitZip+Arity.generated.swift).

extension PrimitiveSequence where Trait == SingleTrait {
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
