import ReactiveEngine

extension ObservableType {
  /// Emits the last `count` elements of the source when it completes.
  ///
  /// Elements are held until completion; an error is forwarded at once and the held elements are
  /// dropped. `count` of zero emits nothing and completes with the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 4).takeLast(2).subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// // Prints: 4
  /// ```
  /// - Precondition: `count >= 0`.
  /// - Complexity: O(`count`) memory.
  public func takeLast(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "takeLast count must not be negative")
    return lift { TakeLastOperator(count: count) }
  }
}

/// Holds the last `count` elements and sends them when the source completes.
struct TakeLastOperator<Element>: SingleSourceOperator {
  let count: Int
  var buffer = FIFO<Element>()

  init(count: Int) { self.count = count }

  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) -> Bool {
    guard count > 0 else { return true }
    buffer.append(element)
    if buffer.count > count { _ = buffer.popFirst() }
    return true
  }

  mutating func completed(_ downstream: AnyObserver<Element>) {
    while let element = buffer.popFirst() { downstream.on(.next(element)) }
  }

  mutating func failed(_ error: any Swift.Error, _ downstream: AnyObserver<Element>) throws {
    buffer = FIFO()
    throw error
  }
}
