// Zipping traits, as in RxSwift: the results of several Singles (Maybes) combined once all
// succeeded; Completables that all completed.

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// Succeeds with `resultSelector` of both results once both succeeded; fails with the first
  /// error (the other is disposed).
  public static func zip<E1, E2>(
    _ source1: Single<E1>, _ source2: Single<E2>,
    resultSelector: @escaping (E1, E2) throws -> Element
  ) -> Single<Element> {
    Single(raw: Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
  }

  /// Succeeds with both results as a tuple once both succeeded.
  public static func zip<E1, E2>(_ source1: Single<E1>, _ source2: Single<E2>)
    -> Single<(E1, E2)> where Element == (E1, E2)
  {
    zip(source1, source2) { ($0, $1) }
  }

  /// Succeeds with `resultSelector` of the three results once all succeeded.
  public static func zip<E1, E2, E3>(
    _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>,
    resultSelector: @escaping (E1, E2, E3) throws -> Element
  ) -> Single<Element> {
    Single(
      raw: Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        resultSelector: resultSelector))
  }

  /// Succeeds with the three results as a tuple once all succeeded.
  public static func zip<E1, E2, E3>(_ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>)
    -> Single<(E1, E2, E3)> where Element == (E1, E2, E3)
  {
    zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Succeeds with every result, in order, once all succeeded (`[]` for no sources).
  public static func zip<E>(_ sources: [Single<E>]) -> Single<[E]> where Element == [E] {
    guard !sources.isEmpty else { return Single.just([]) }
    return Single(raw: Observable.zip(sources.map { $0.asObservable() }))
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// Succeeds with `resultSelector` of both results once both succeeded; completes empty as soon
  /// as one completes empty; fails with the first error.
  public static func zip<E1, E2>(
    _ source1: Maybe<E1>, _ source2: Maybe<E2>,
    resultSelector: @escaping (E1, E2) throws -> Element
  ) -> Maybe<Element> {
    Maybe(raw: Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
  }

  /// Both results as a tuple, or empty.
  public static func zip<E1, E2>(_ source1: Maybe<E1>, _ source2: Maybe<E2>)
    -> Maybe<(E1, E2)> where Element == (E1, E2)
  {
    zip(source1, source2) { ($0, $1) }
  }

  /// Every result, in order, or empty if one is empty (`[]` for no sources).
  public static func zip<E>(_ sources: [Maybe<E>]) -> Maybe<[E]> where Element == [E] {
    guard !sources.isEmpty else { return Maybe.just([]) }
    return Maybe(raw: Observable.zip(sources.map { $0.asObservable() }))
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// Completes once every completable completed (they run at the same time); fails with the
  /// first error (the others are disposed).
  public static func zip(_ completables: Completable...) -> Completable {
    zip(completables)
  }

  /// Completes once every completable of the collection completed.
  public static func zip<Sources: Collection>(_ completables: Sources) -> Completable
  where Sources.Element == Completable {
    Completable(raw: Observable.merge(completables.map { $0.asObservable() }))
  }

  /// Runs the completables one after the other; completes after the last, fails with the first
  /// error (the later ones never start).
  public static func concat(_ completables: Completable...) -> Completable {
    concat(completables)
  }

  /// Runs the completables of the sequence one after the other.
  public static func concat<Sources: Sequence>(_ completables: Sources) -> Completable
  where Sources.Element == Completable {
    Completable(raw: Observable.concat(completables.map { $0.asObservable() }))
  }
}
