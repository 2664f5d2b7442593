extension ObservableType {
  /// Emits `element` over and over, without end.
  ///
  /// Emits synchronously on the subscribing thread, so subscribing to it alone never returns.
  /// Limit it with an operator downstream: `take(_:)`, `take(while:)`, `take(until:)` and
  /// `element(at:)` start it only once they can dispose it, and it stops as soon as they do.
  ///
  /// ```swift
  /// _ = Observable.repeatElement("a").take(2).subscribe(onNext: { print($0) })
  /// // Prints: a
  /// // Prints: a
  /// ```
  /// - Complexity: O(1) per element.
  @inlinable
  public static func repeatElement(_ element: Element) -> Observable<Element> {
    Observable(subscribeHandler: { observer in
      SyncGenerator.subscribe(observer, state: RepeatGeneratorState(element: element))
    })
  }
}

/// The same element, forever.
@usableFromInline
struct RepeatGeneratorState<Element>: GeneratorState {
  @usableFromInline let element: Element
  @inlinable init(element: Element) { self.element = element }
  @inlinable func next() -> Element? { element }
}
