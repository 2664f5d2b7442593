extension ObservableType {
  /// Pairs every element with its zero-based index in this subscription.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b").enumerated().subscribe(onNext: { print($0.index, $0.element) })
  /// // Prints: 0 a
  /// // Prints: 1 b
  /// ```
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    let source = asObservable()
    return Observable.deferred {
      // Fresh per subscription; `map` calls its transform serially.
      let counter = EnumeratedCounter()
      return source.map { element in
        let index = counter.next
        counter.next += 1
        return (index: index, element: element)
      }
    }
  }
}

/// One subscription's next index; accessed serially by contract.
final class EnumeratedCounter: @unchecked Sendable {
  var next = 0
}
