extension ObservableType {
  /// A `Single` with every element of the sequence, in order, once it completes.
  ///
  /// An error drops the collected elements and fails the `Single`. Never completes for an
  /// infinite source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).toArray().subscribe(onSuccess: { print($0) })
  /// // Prints: [1, 2, 3]
  /// ```
  /// - Complexity: O(1) amortized per element; O(n) memory.
  @inlinable
  public func toArray() -> Single<[Element]> {
    Single(raw: lift { ToArrayOperator() })
  }
}

@usableFromInline
struct ToArrayOperator<Element>: SingleSourceOperator {
  @usableFromInline var elements: [Element] = []

  @inlinable init() {}

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<[Element]>) -> Bool {
    elements.append(element)
    return true
  }

  @inlinable
  mutating func completed(_ downstream: AnyObserver<[Element]>) {
    let result = elements
    elements = []
    downstream.on(.next(result))
  }

  @inlinable
  mutating func failed(_ error: any Swift.Error, _ downstream: AnyObserver<[Element]>) throws {
    elements = []
    throw error
  }
}
