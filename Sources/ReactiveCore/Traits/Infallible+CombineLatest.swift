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

  /// Combines the latest elements of three infallible sources (see
  /// `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3,
    resultSelector: @escaping (I1.Element, I2.Element, I3.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        resultSelector: resultSelector))
  }

  /// Combines the latest elements of four infallible sources (see
  /// `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
    resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), resultSelector: resultSelector))
  }

  /// Combines the latest elements of five infallible sources (see
  /// `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), resultSelector: resultSelector))
  }

  /// Combines the latest elements of six infallible sources (see
  /// `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        resultSelector: resultSelector))
  }

  /// Combines the latest elements of seven infallible sources (see
  /// `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
      -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), resultSelector: resultSelector))
  }

  /// Combines the latest elements of eight infallible sources (see
  /// `combineLatest(_:_:resultSelector:)`).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7, _ source8: I8,
    resultSelector:
      @escaping (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element,
        I8.Element
      ) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), source8.asObservable(), resultSelector: resultSelector))
  }
}

extension InfallibleType where Element == Any {
  /// Combines the latest elements of two infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType
  >(
    _ source1: I1, _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// Combines the latest elements of three infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>.combineLatest(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// Combines the latest elements of four infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// Combines the latest elements of five infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Combines the latest elements of six infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6) {
        ($0, $1, $2, $3, $4, $5)
      }
  }

  /// Combines the latest elements of seven infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7
  ) -> Infallible<
    (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
  > {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6, source7) {
        ($0, $1, $2, $3, $4, $5, $6)
      }
  }

  /// Combines the latest elements of eight infallible sources into tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7, _ source8: I8
  ) -> Infallible<
    (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
  > {
    Infallible<
      (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element,
        I8.Element
      )
    >.combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
      ($0, $1, $2, $3, $4, $5, $6, $7)
    }
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
