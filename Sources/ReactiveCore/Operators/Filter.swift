extension ObservableType {
  /// Emits only the elements that satisfy `predicate`.
  ///
  /// A throwing `predicate` sends its error downstream and disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 4).filter { $0.isMultiple(of: 2) }.subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// // Prints: 4
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    lift { FilterOperator(predicate: predicate) }
  }
}

@usableFromInline
struct FilterOperator<Element>: SingleSourceOperator {
  @usableFromInline let predicate: (Element) throws -> Bool

  @inlinable init(predicate: @escaping (Element) throws -> Bool) { self.predicate = predicate }

  @inlinable
  func next(_ element: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    if try predicate(element) { downstream.on(.next(element)) }
    return true
  }
}
