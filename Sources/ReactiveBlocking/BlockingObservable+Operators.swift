import ReactiveCore

/// How a blocked-on sequence ended, with the elements it sent: RxBlocking's
/// `MaterializedSequenceResult`.
@frozen public enum MaterializedSequenceResult<T> {
  /// The sequence completed after sending `elements`.
  case completed(elements: [T])
  /// The sequence failed with `error` (or the wait timed out, or a predicate threw) after
  /// sending `elements`.
  case failed(elements: [T], error: any Error)
}

extension BlockingObservable {
  /// Blocks until the sequence terminates; returns all its elements, or throws its error.
  ///
  /// ```swift
  /// print(try Observable.of(1, 2).toBlocking().toArray())
  /// // Prints: [1, 2]
  /// ```
  public func toArray() throws -> [Element] {
    try elementsOrThrow(materializeResult())
  }

  /// Blocks until the first element (disposing the subscription then) or the termination;
  /// returns the element, `nil` for an empty sequence, or throws the error.
  public func first() throws -> Element? {
    try elementsOrThrow(materializeResult(max: 1)).first
  }

  /// Blocks until the sequence terminates; returns its last element, `nil` for an empty
  /// sequence, or throws its error.
  public func last() throws -> Element? {
    try elementsOrThrow(materializeResult()).last
  }

  /// Blocks until the sequence terminates (or sends a second element); returns its only element.
  ///
  /// - Throws: the sequence's error, `RxError.noElements` when it is empty,
  ///   `RxError.moreThanOneElement` when it sends more than one.
  public func single() throws -> Element {
    try single { _ in true }
  }

  /// Blocks until the sequence terminates (or sends a second element matching `predicate`);
  /// returns the only element that matches.
  ///
  /// ```swift
  /// print(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 })
  /// // Prints: 2
  /// ```
  ///
  /// - Throws: the sequence's error or the predicate's, `RxError.noElements` when no element
  ///   matches, `RxError.moreThanOneElement` when more than one does.
  public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
    let elements = try elementsOrThrow(materializeResult(max: 2, predicate: predicate))
    if elements.count > 1 { throw RxError.moreThanOneElement }
    guard let first = elements.first else { throw RxError.noElements }
    return first
  }

  /// Blocks until the sequence terminates; returns its elements with how it ended, never throws.
  ///
  /// ```swift
  /// struct Failure: Error {}
  /// let result = Observable.of(1).concat(Observable.error(Failure())).toBlocking().materialize()
  /// if case .failed(let elements, _) = result { print(elements) }
  /// // Prints: [1]
  /// ```
  public func materialize() -> MaterializedSequenceResult<Element> {
    materializeResult()
  }

  /// Subscribes and blocks until the sequence terminates, `max` elements matched `predicate`,
  /// `predicate` threw, or the timeout ran out.
  private func materializeResult(
    max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true }
  ) -> MaterializedSequenceResult<Element> {
    let collector = BlockingCollector<Element>(max: max, predicate: predicate)
    collector.run(source, timeout: timeout)
    let (elements, error) = collector.result()
    if let error {
      return .failed(elements: elements, error: error)
    }
    return .completed(elements: elements)
  }

  private func elementsOrThrow(_ result: MaterializedSequenceResult<Element>) throws -> [Element] {
    switch result {
    case .completed(let elements): return elements
    case .failed(_, let error): throw error
    }
  }
}
