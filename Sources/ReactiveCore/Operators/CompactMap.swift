extension ObservableType {
  /// Transforms each element with `transform` and emits the non-`nil` results.
  ///
  /// A throwing `transform` sends its error downstream and disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of("1", "x", "3").compactMap { Int($0) }.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 3
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Observable<Result>
  {
    lift { CompactMapOperator(transform: transform) }
  }
}

@usableFromInline
struct CompactMapOperator<Input, Output>: SingleSourceOperator {
  @usableFromInline let transform: (Input) throws -> Output?

  @inlinable init(transform: @escaping (Input) throws -> Output?) { self.transform = transform }

  @inlinable
  func next(_ element: Input, _ downstream: AnyObserver<Output>) throws -> Bool {
    if let result = try transform(element) { downstream.on(.next(result)) }
    return true
  }
}
