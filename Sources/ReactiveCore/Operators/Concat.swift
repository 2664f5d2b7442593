extension ObservableType {
  /// Emits the elements of each source in turn: the next source is subscribed only after the
  /// previous one completed.
  ///
  /// An error from any source ends the result. Long chains of synchronous sources run in a loop,
  /// not recursively, so the stack does not grow with the number of sources.
  ///
  /// ```swift
  /// _ = Observable.concat(.of(1, 2), .of(3)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  @inlinable
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    concat(sources)
  }

  /// Emits the elements of each observable of `sequence` in turn (see `concat(_:)`).
  @inlinable
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    mergeObservable(.from(sequence), maxConcurrent: 1, selector: { $0 })
  }

  /// Emits the elements of this sequence, then, once it completed, those of `second`.
  ///
  /// ```swift
  /// _ = Observable.of(1).concat(Observable.of(2)).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  @inlinable
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    Observable.concat([asObservable(), second.asObservable()])
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Emits the elements of the inner observables in order: each inner is subscribed once the
  /// previous one completed; inners arriving meanwhile wait in a queue.
  ///
  /// Completes once this sequence and every inner completed; any error ends the result.
  @inlinable
  public func concat() -> Observable<Element.Element> {
    merge(maxConcurrent: 1)
  }
}
