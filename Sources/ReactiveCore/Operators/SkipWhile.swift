extension ObservableType {
  /// Drops elements while `predicate` holds, then emits every element from the first that fails it.
  ///
  /// `predicate` is not called again once an element passed. A throwing `predicate` becomes an error.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 1).skip(while: { $0 < 3 }).subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// // Prints: 1
  /// ```
  /// - Complexity: O(1) per element plus the cost of `predicate` until it first fails.
  @inlinable
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    lift { SkipWhileOperator(predicate: predicate) }
  }
}

@usableFromInline
struct SkipWhileOperator<Element>: SingleSourceOperator {
  @usableFromInline let predicate: (Element) throws -> Bool
  @usableFromInline var running = false

  @inlinable init(predicate: @escaping (Element) throws -> Bool) { self.predicate = predicate }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    if !running { running = try !predicate(element) }
    if running { downstream.on(.next(element)) }
    return true
  }
}
