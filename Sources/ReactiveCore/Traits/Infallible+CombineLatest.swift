// Infallible.combineLatest of two sources with its documentation, and of collections; the forms
// of three to eight sources, the tuple forms and `zip` are generated
// (Infallible+Arity.generated.swift).

extension Infallible {
  /// Combines the latest elements of two infallible sources with `resultSelector` whenever
  /// either emits, once both have emitted (`Observable.combineLatest`'s rules).
  ///
  /// ```swift
  /// let name = BehaviorRelay(value: "Ada"), age = BehaviorRelay(value: 36)
  /// _ = Infallible.combineLatest(name.asInfallible(), age.asInfallible()) { "\($0) (\($1))" }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: Ada (36)
  /// ```
  ///
  /// - Note: RxSwift's `resultSelector` may throw, which would make an `Infallible` fail; here it
  ///   cannot throw (a non-throwing closure is accepted by both).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType
  >(
    _ source1: I1, _ source2: I2,
    resultSelector: @escaping (I1.Element, I2.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
  }
}

extension InfallibleType {
  /// Combines the latest elements of every infallible source in `collection` with
  /// `resultSelector` (see `Observable.combineLatest(_:resultSelector:)`; an empty collection
  /// emits `resultSelector([])` and completes). Unlike RxSwift's, `resultSelector` cannot throw.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) -> Element
  ) -> Infallible<Element> where Collection.Element: InfallibleType {
    Infallible(
      raw: Observable.combineLatest(
        collection.map { $0.asObservable() }, resultSelector: resultSelector))
  }

  /// Combines the latest elements of every infallible source in `collection` into arrays.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Infallible<[Element]>
  where Collection.Element: InfallibleType, Collection.Element.Element == Element {
    Infallible<[Element]>.combineLatest(collection) { $0 }
  }
}
