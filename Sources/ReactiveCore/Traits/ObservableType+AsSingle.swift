extension ObservableType {
  /// A `Single` with the one element of this sequence.
  ///
  /// Fails with `RxError.noElements` when the sequence completes without an element, and with
  /// `RxError.moreThanOneElement` as soon as a second element arrives (disposing the source).
  /// The element is emitted when the source completes.
  ///
  /// ```swift
  /// _ = Observable.just(1).asSingle().subscribe(onSuccess: { print($0) })
  /// // Prints: 1
  /// _ = Observable.of(1, 2).asSingle().subscribe(onFailure: { print($0) })
  /// // Prints: Sequence contains more than one element.
  /// ```
  /// - Complexity: O(1) per element.
  @inlinable
  public func asSingle() -> Single<Element> {
    Single(raw: oneElementForTraits(requireElement: true))
  }

  /// Sends the sequence's at most one element and completion; the engine of `asSingle()` and
  /// `asMaybe()`.
  @inlinable
  func oneElementForTraits(requireElement: Bool) -> Observable<Element> {
    lift { OneElementOperator(requireElement: requireElement) }
  }
}

/// Holds the one element until completion; fails on a second element (and, when
/// `requireElement`, on completion without one).
@usableFromInline
struct OneElementOperator<Element>: SingleSourceOperator {
  @usableFromInline let requireElement: Bool
  @usableFromInline var element: Element?

  @inlinable init(requireElement: Bool) { self.requireElement = requireElement }

  @inlinable
  mutating func next(_ value: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    if element != nil {
      element = nil
      throw RxError.moreThanOneElement
    }
    element = value
    return true
  }

  @inlinable
  mutating func completed(_ downstream: AnyObserver<Element>) throws {
    guard let element else {
      if requireElement { throw RxError.noElements }
      return
    }
    self.element = nil
    downstream.on(.next(element))
  }

  @inlinable
  mutating func failed(_ error: any Swift.Error, _ downstream: AnyObserver<Element>) throws {
    element = nil
    throw error
  }
}
