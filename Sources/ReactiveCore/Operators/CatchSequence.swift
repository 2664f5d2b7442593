extension ObservableType {
  /// Subscribes to the sources of `sequence` one after another, moving to the next one each time
  /// the current one fails; completes with the first source that completes.
  ///
  /// The sequence is iterated lazily, once per subscription. When every source has failed, the
  /// last error is forwarded; an empty sequence completes at once.
  ///
  /// ```swift
  /// _ = Observable.catch(sequence: [Observable<Int>.error(RxError.unknown), .just(2)])
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// ```
  public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    catchChain(sequence.makeIterator(), lastError: nil)
  }

  static func catchChain<Iterator: IteratorProtocol>(
    _ iterator: Iterator, lastError: (any Swift.Error)?
  ) -> Observable<Element> where Iterator.Element == Observable<Element> {
    Observable.deferred {
      var rest = iterator
      guard let source = rest.next() else {
        if let lastError { return Observable.error(lastError) }
        return Observable.empty()
      }
      let remaining = rest
      return source.catch { error in catchChain(remaining, lastError: error) }
    }
  }
}
