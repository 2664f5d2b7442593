// Single.zip and Maybe.zip for five to eight sources, built on `Observable.zip` as the two- to
// four-source forms (TraitZip.swift), with the same rules.

extension PrimitiveSequence where Trait == SingleTrait {
  /// Waits for five sources and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        resultSelector: resultSelector))
  }

  /// Waits for five sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> where Element == (E1, E2, E3, E4, E5) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source
      ) { ($0, $1, $2, $3, $4) })
  }

  /// Waits for six sources and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, resultSelector: resultSelector))
  }

  /// Waits for six sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>
  where Element == (E1, E2, E3, E4, E5, E6) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source
      ) { ($0, $1, $2, $3, $4, $5) })
  }

  /// Waits for seven sources and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, resultSelector: resultSelector))
  }

  /// Waits for seven sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>
  where Element == (E1, E2, E3, E4, E5, E6, E7) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source
      ) { ($0, $1, $2, $3, $4, $5, $6) })
  }

  /// Waits for eight sources and combines their values with `resultSelector`.
  ///
  /// The first failure fails the result and disposes the others. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    _ source8: PrimitiveSequence<Trait, E8>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, source8.source, resultSelector: resultSelector))
  }

  /// Waits for eight sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    _ source8: PrimitiveSequence<Trait, E8>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>
  where Element == (E1, E2, E3, E4, E5, E6, E7, E8) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, source8.source
      ) { ($0, $1, $2, $3, $4, $5, $6, $7) })
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Waits for five sources and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        resultSelector: resultSelector))
  }

  /// Waits for five sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> where Element == (E1, E2, E3, E4, E5) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source
      ) { ($0, $1, $2, $3, $4) })
  }

  /// Waits for six sources and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, resultSelector: resultSelector))
  }

  /// Waits for six sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>
  where Element == (E1, E2, E3, E4, E5, E6) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source
      ) { ($0, $1, $2, $3, $4, $5) })
  }

  /// Waits for seven sources and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, resultSelector: resultSelector))
  }

  /// Waits for seven sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>
  where Element == (E1, E2, E3, E4, E5, E6, E7) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source
      ) { ($0, $1, $2, $3, $4, $5, $6) })
  }

  /// Waits for eight sources and combines their values with `resultSelector`.
  ///
  /// Completes empty when any source completes empty; the first failure fails the result. A throwing `resultSelector` fails the result.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    _ source8: PrimitiveSequence<Trait, E8>,
    resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, source8.source, resultSelector: resultSelector))
  }

  /// Waits for eight sources and pairs their values into a tuple.
  @inlinable
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>,
    _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    _ source8: PrimitiveSequence<Trait, E8>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>
  where Element == (E1, E2, E3, E4, E5, E6, E7, E8) {
    PrimitiveSequence(
      raw: Observable.zip(
        source1.source, source2.source, source3.source, source4.source, source5.source,
        source6.source, source7.source, source8.source
      ) { ($0, $1, $2, $3, $4, $5, $6, $7) })
  }
}
