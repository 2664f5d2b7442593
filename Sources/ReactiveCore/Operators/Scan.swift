extension ObservableType {
  /// Emits the running result of `accumulator` applied to each element, starting from `seed`.
  ///
  /// The seed itself is never emitted. A throwing `accumulator` sends its error downstream and
  /// disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).scan(0) { $0 + $1 }.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 3
  /// // Prints: 6
  /// ```
  /// - Complexity: O(1) per element plus the cost of `accumulator`.
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    lift { ScanOperator(accumulated: seed, accumulator: accumulator) }
  }

  /// Emits the running state after `accumulator` mutates it in place with each element.
  ///
  /// Like `scan(_:accumulator:)`, but the accumulator mutates the state (no copy of a collection
  /// per element). The seed itself is never emitted.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b").scan(into: [String]()) { $0.append($1) }
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: ["a"]
  /// // Prints: ["a", "b"]
  /// ```
  @inlinable
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
  ) -> Observable<Accumulate> {
    lift { ScanIntoOperator(accumulated: seed, accumulator: accumulator) }
  }
}

@usableFromInline
struct ScanOperator<Element, Accumulate>: SingleSourceOperator {
  @usableFromInline var accumulated: Accumulate
  @usableFromInline let accumulator: (Accumulate, Element) throws -> Accumulate

  @inlinable
  init(accumulated: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate) {
    self.accumulated = accumulated
    self.accumulator = accumulator
  }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Accumulate>) throws -> Bool {
    accumulated = try accumulator(accumulated, element)
    downstream.on(.next(accumulated))
    return true
  }
}

@usableFromInline
struct ScanIntoOperator<Element, Accumulate>: SingleSourceOperator {
  @usableFromInline var accumulated: Accumulate
  @usableFromInline let accumulator: (inout Accumulate, Element) throws -> Void

  @inlinable
  init(accumulated: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void) {
    self.accumulated = accumulated
    self.accumulator = accumulator
  }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Accumulate>) throws -> Bool {
    try accumulator(&accumulated, element)
    downstream.on(.next(accumulated))
    return true
  }
}
