extension ObservableType {
  /// Emits the first `count` elements, then completes and disposes the source.
  ///
  /// Completes on the `count`-th element without waiting for the source. `take(0)` completes at
  /// once and never subscribes to the source. Works with endless synchronous sources such as
  /// `Observable.repeatElement(_:)`.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).take(2).subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: done
  /// ```
  /// - Precondition: `count >= 0`.
  /// - Complexity: O(1) per element.
  @inlinable
  public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "take: count can't be negative")
    if count == 0 {
      return Observable(subscribeHandler: { downstream in
        downstream.on(.completed)
        return Disposables.create()
      })
    }
    return lift { TakeCountOperator(remaining: count) }
  }
}

@usableFromInline
struct TakeCountOperator<Element>: SingleSourceOperator {
  @usableFromInline var remaining: Int

  @inlinable init(remaining: Int) { self.remaining = remaining }

  @inlinable
  mutating func next(_ element: Element, _ downstream: AnyObserver<Element>) -> Bool {
    remaining -= 1
    downstream.on(.next(element))
    return remaining > 0
  }
}
