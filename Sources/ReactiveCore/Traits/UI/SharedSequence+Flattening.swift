// Operators that flatten sequences of shared sequences. The inner sequences may have another
// sharing strategy than the outer one (a Driver of Signals); the result has the inner's, as in
// RxCocoa, and is shared again with it.

extension SharedSequenceConvertibleType {
  /// Maps each element to a sequence and forwards the latest one, disposing the previous.
  ///
  /// - Parameter selector: The sequence of an element (of any sharing strategy).
  /// - Returns: The elements of the latest inner sequence, with its strategy.
  @inlinable
  public func flatMapLatest<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence<Sharing, Result>(asSharedSequence().source.flatMapLatest { selector($0).source })
  }

  /// Maps each element to a sequence, ignoring elements while the current one runs.
  ///
  /// - Parameter selector: The sequence of an element (of any sharing strategy).
  /// - Returns: The elements of the inner sequences, one at a time, with their strategy.
  @inlinable
  public func flatMapFirst<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence<Sharing, Result>(asSharedSequence().source.flatMapFirst { selector($0).source })
  }

  /// Maps each element to a sequence and merges all of them.
  ///
  /// - Parameter selector: The sequence of an element (of any sharing strategy).
  /// - Returns: The elements of every inner sequence as they arrive, with their strategy.
  @inlinable
  public func flatMap<Sharing, Result>(
    _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence<Sharing, Result>(asSharedSequence().source.flatMap { selector($0).source })
  }
}

extension SharedSequence {
  /// Emits the elements of each sequence of `sequence` in turn, each after the previous
  /// completed.
  ///
  /// - Parameter sequence: The sequences to concatenate.
  /// - Returns: Their elements, in order.
  @inlinable
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence
  where Sequence.Element == SharedSequence {
    SharedSequence(Observable.concat(sequence.map { $0.source }))
  }

  /// Emits the elements of each sequence of `collection` in turn, each after the previous
  /// completed.
  ///
  /// - Parameter collection: The sequences to concatenate.
  /// - Returns: Their elements, in order.
  @inlinable
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> SharedSequence
  where Collection.Element == SharedSequence {
    SharedSequence(Observable.concat(collection.map { $0.source }))
  }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
  /// Emits the elements of the most recent inner sequence only, disposing the previous one.
  ///
  /// - Returns: The elements of the latest inner sequence, with its strategy.
  @inlinable
  public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence<Element.SharingStrategy, Element.Element>(
      asSharedSequence().source.flatMapLatest { $0.asSharedSequence().source })
  }

  /// Merges the inner sequences: their elements as they arrive.
  ///
  /// - Returns: The elements of every inner sequence, with its strategy.
  @inlinable
  public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence<Element.SharingStrategy, Element.Element>(
      asSharedSequence().source.map { $0.asSharedSequence().source }.merge())
  }

  /// Merges the inner sequences with at most `maxConcurrent` of them subscribed at once;
  /// further ones wait, in arrival order, until a running one completes.
  ///
  /// - Parameter maxConcurrent: The number of inner sequences subscribed at once; positive.
  /// - Returns: The elements of the inner sequences, with their strategy.
  @inlinable
  public func merge(maxConcurrent: Int)
    -> SharedSequence<Element.SharingStrategy, Element.Element>
  {
    SharedSequence<Element.SharingStrategy, Element.Element>(
      asSharedSequence().source.map { $0.asSharedSequence().source }.merge(
        maxConcurrent: maxConcurrent))
  }
}
