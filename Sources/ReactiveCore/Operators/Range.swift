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
      let disposable = GeneratorDisposable()
      DeferredEmission.run {
        var offset: Element = 0
        while offset < count {
          if disposable.isDisposed { return }
          observer.on(.next(start + offset))
          offset += 1
        }
        if !disposable.isDisposed { observer.on(.completed) }
      }
      return disposable
    })
  }
}
