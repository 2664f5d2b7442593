// Combining operators for SharedSequence: every source has the same strategy, so the result
// keeps the guarantees (main scheduler, no errors) and is shared again.

extension SharedSequence {
  /// Emits the elements of all `sources` as they arrive.
  @inlinable
  public static func merge(_ sources: SharedSequence...) -> SharedSequence {
    merge(sources)
  }

  /// Emits the elements of all `sources` as they arrive.
  @inlinable
  public static func merge<Sources: Collection>(_ sources: Sources) -> SharedSequence
  where Sources.Element == SharedSequence {
    SharedSequence(Observable.merge(sources.map { $0.source }))
  }

  /// Combines the latest elements of two sequences whenever one emits (once both have).
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) -> Element
  ) -> SharedSequence
  where O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy {
    SharedSequence(
      Observable.combineLatest(
        source1.asSharedSequence().source, source2.asSharedSequence().source,
        resultSelector: resultSelector))
  }

  /// Combines the latest elements of three sequences whenever one emits (once all have).
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
  ) -> SharedSequence
  where
    O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
    O3.SharingStrategy == SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(
        source1.asSharedSequence().source, source2.asSharedSequence().source,
        source3.asSharedSequence().source, resultSelector: resultSelector))
  }

  /// Combines the latest elements of four sequences whenever one emits (once all have).
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
  ) -> SharedSequence
  where
    O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
    O3.SharingStrategy == SharingStrategy, O4.SharingStrategy == SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(
        source1.asSharedSequence().source, source2.asSharedSequence().source,
        source3.asSharedSequence().source, source4.asSharedSequence().source,
        resultSelector: resultSelector))
  }

  /// Combines the latest elements of all `sources` whenever one emits (once all have).
  @inlinable
  public static func combineLatest<Sources: Collection>(
    _ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) -> Element
  ) -> SharedSequence
  where
    Sources.Element: SharedSequenceConvertibleType,
    Sources.Element.SharingStrategy == SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(
        sources.map { $0.asSharedSequence().source }, resultSelector: resultSelector))
  }

  /// Pairs the elements of two sequences by index.
  @inlinable
  public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) -> Element
  ) -> SharedSequence
  where O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy {
    SharedSequence(
      Observable.zip(
        source1.asSharedSequence().source, source2.asSharedSequence().source,
        resultSelector: resultSelector))
  }

  /// Combines the elements of three sequences by index.
  @inlinable
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
  ) -> SharedSequence
  where
    O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
    O3.SharingStrategy == SharingStrategy
  {
    SharedSequence(
      Observable.zip(
        source1.asSharedSequence().source, source2.asSharedSequence().source,
        source3.asSharedSequence().source, resultSelector: resultSelector))
  }

  /// Combines the elements of four sequences by index.
  @inlinable
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType, O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) -> Element
  ) -> SharedSequence
  where
    O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
    O3.SharingStrategy == SharingStrategy, O4.SharingStrategy == SharingStrategy
  {
    SharedSequence(
      Observable.zip(
        source1.asSharedSequence().source, source2.asSharedSequence().source,
        source3.asSharedSequence().source, source4.asSharedSequence().source,
        resultSelector: resultSelector))
  }

  /// Combines the elements of all `sources` by index.
  @inlinable
  public static func zip<Sources: Collection>(
    _ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) -> Element
  ) -> SharedSequence
  where
    Sources.Element: SharedSequenceConvertibleType,
    Sources.Element.SharingStrategy == SharingStrategy
  {
    SharedSequence(
      Observable.zip(sources.map { $0.asSharedSequence().source }, resultSelector: resultSelector))
  }
}

// The tuple forms, as in RxCocoa: `Driver.combineLatest(a, b)` is a `Driver<(A, B)>`.
extension SharedSequence {
  /// The latest elements of two sequences as a tuple, whenever one emits.
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
  where
    Element == (O1.Element, O2.Element), O1.SharingStrategy == SharingStrategy,
    O2.SharingStrategy == SharingStrategy
  {
    combineLatest(source1, source2) { ($0, $1) }
  }

  /// The latest elements of three sequences as a tuple, whenever one emits.
  @inlinable
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType,
    O3: SharedSequenceConvertibleType
  >(_ source1: O1, _ source2: O2, _ source3: O3)
    -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
  where
    Element == (O1.Element, O2.Element, O3.Element), O1.SharingStrategy == SharingStrategy,
    O2.SharingStrategy == SharingStrategy, O3.SharingStrategy == SharingStrategy
  {
    combineLatest(source1, source2, source3) { ($0, $1, $2) }
  }

  /// The elements of two sequences paired by index, as tuples.
  @inlinable
  public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
  where
    Element == (O1.Element, O2.Element), O1.SharingStrategy == SharingStrategy,
    O2.SharingStrategy == SharingStrategy
  {
    zip(source1, source2) { ($0, $1) }
  }
}
