extension ObservableType {
  /// Transforms each element with `transform`.
  ///
  /// A throwing `transform` sends its error downstream and disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2).map { $0 * 10 }.subscribe(onNext: { print($0) })
  /// // Prints: 10
  /// // Prints: 20
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result)
    -> Observable<Result>
  {
    lift { MapOperator(transform: transform) }
  }
}

@usableFromInline
struct MapOperator<Input, Output>: SingleSourceOperator {
  @usableFromInline let transform: (Input) throws -> Output

  @inlinable init(transform: @escaping (Input) throws -> Output) { self.transform = transform }

  @inlinable
  func next(_ element: Input, _ downstream: AnyObserver<Output>) throws -> Bool {
    let result = try transform(element)
    downstream.on(.next(result))
    return true
  }
}
