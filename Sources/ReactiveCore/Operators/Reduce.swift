extension ObservableType {
  /// Folds every element into an accumulator starting from `seed` and emits the final value when
  /// the source completes, passed through `mapResult`.
  ///
  /// Nothing is emitted before completion; an empty source emits `mapResult(seed)`. An error, or a
  /// throwing `accumulator` or `mapResult`, is sent downstream instead.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" })
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: sum 6
  /// ```
  @inlinable
  public func reduce<Accumulate, Result>(
    _ seed: Accumulate,
    accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Result
  ) -> Observable<Result> {
    lift { ReduceOperator(accumulate: seed, accumulator: accumulator, mapResult: mapResult) }
  }

  /// Folds every element into an accumulator starting from `seed` and emits the final value when
  /// the source completes.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).reduce(0, accumulator: +).subscribe(onNext: { print($0) })
  /// // Prints: 6
  /// ```
  @inlinable
  public func reduce<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator, mapResult: { $0 })
  }
}

@usableFromInline
struct ReduceOperator<Input, Accumulate, Output>: SingleSourceOperator {
  @usableFromInline var accumulate: Accumulate
  @usableFromInline let accumulator: (Accumulate, Input) throws -> Accumulate
  @usableFromInline let mapResult: (Accumulate) throws -> Output

  @inlinable
  init(
    accumulate: Accumulate, accumulator: @escaping (Accumulate, Input) throws -> Accumulate,
    mapResult: @escaping (Accumulate) throws -> Output
  ) {
    self.accumulate = accumulate
    self.accumulator = accumulator
    self.mapResult = mapResult
  }

  @inlinable
  mutating func next(_ element: Input, _ downstream: AnyObserver<Output>) throws -> Bool {
    accumulate = try accumulator(accumulate, element)
    return true
  }

  @inlinable
  func completed(_ downstream: AnyObserver<Output>) throws {
    downstream.on(.next(try mapResult(accumulate)))
  }
}
