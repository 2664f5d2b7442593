extension ObservableType {
  /// Emits `elements` first, then the elements of this sequence.
  ///
  /// The elements are emitted synchronously, before the source is subscribed to. Chained calls
  /// prepend in call order reversed, as in RxSwift: `startWith(1).startWith(0)` emits 0, 1, ....
  ///
  /// ```swift
  /// _ = Observable.of(3, 4).startWith(1, 2).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// // Prints: 4
  /// ```
  /// - Complexity: O(`elements.count`) at subscription; then no cost per element (the source's
  ///   events go straight to the observer).
  @inlinable
  public func startWith(_ elements: Element...) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      for element in elements { downstream.on(.next(element)) }
      return source.subscribe(downstream)
    })
  }
}
