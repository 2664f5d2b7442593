// Combining operators for SharedSequence: every source has the same strategy, so the result
// keeps the guarantees (main scheduler, no errors) and is shared again. `combineLatest` and `zip`
// of two to eight sequences are generated (SharedSequence+Arity.generated.swift).

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

  /// The latest elements of all `sources`, in their order, whenever one emits (once all have).
  @inlinable
  public static func combineLatest<Sources: Collection>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, [Element]>
  where Sources.Element == SharedSequence {
    SharedSequence<SharingStrategy, [Element]>(
      Observable.combineLatest(sources.map { $0.source }))
  }

  /// The elements of all `sources` with the same index, in their order.
  @inlinable
  public static func zip<Sources: Collection>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, [Element]>
  where Sources.Element == SharedSequence {
    SharedSequence<SharingStrategy, [Element]>(Observable.zip(sources.map { $0.source }))
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
