extension ObservableType {
  /// Pairs every element with its zero-based index in this subscription.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b").enumerated().subscribe(onNext: { print($0.index, $0.element) })
  /// // Prints: 0 a
  /// // Prints: 1 b
  /// ```
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    lift { EnumeratedOperator() }
  }
}

/// Counts the elements of one subscription.
struct EnumeratedOperator<Element>: SingleSourceOperator {
  var index = 0

  mutating func next(
    _ element: Element, _ downstream: AnyObserver<(index: Int, element: Element)>
  ) -> Bool {
    let current = index
    index += 1
    downstream.on(.next((index: current, element: element)))
    return true
  }
}
