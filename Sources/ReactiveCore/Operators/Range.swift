extension ObservableType where Element: FixedWidthInteger {
  /// Emits `count` consecutive integers starting at `start`, then completes.
  ///
  /// Emits synchronously on the subscribing thread. Stops early when disposed by an operator
  /// downstream such as `take(_:)` (see `repeatElement(_:)`).
  ///
  /// ```swift
  /// _ = Observable.range(start: 1, count: 3).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  /// - Precondition: `count >= 0` and `start + count - 1` does not overflow.
  /// - Complexity: O(`count`).
  @inlinable
  public static func range(start: Element, count: Element) -> Observable<Element> {
    precondition(count >= 0, "range: count can't be negative")
    precondition(count == 0 || start &+ (count - 1) >= start, "range: overflow")
    return Observable(subscribeHandler: { observer in
      SyncGenerator.subscribe(observer, state: RangeGeneratorState(start: start, count: count))
    })
  }
}

/// The integers `start ..< start + count`, without forming the (possibly overflowing) end.
@usableFromInline
struct RangeGeneratorState<Element: FixedWidthInteger>: GeneratorState {
  @usableFromInline let start: Element
  @usableFromInline let count: Element
  @usableFromInline var offset: Element = 0

  @inlinable init(start: Element, count: Element) {
    self.start = start
    self.count = count
  }

  @inlinable mutating func next() -> Element? {
    guard offset < count else { return nil }
    defer { offset += 1 }
    return start + offset
  }
}
