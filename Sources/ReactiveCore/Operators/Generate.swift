extension ObservableType {
  /// Emits states from `initialState`, advancing with `iterate`, while `condition` holds; then
  /// completes.
  ///
  /// Emits synchronously on the subscribing thread. A throwing `condition` or `iterate` sends its
  /// error downstream. Stops early when disposed by an operator downstream such as `take(_:)`
  /// (see `repeatElement(_:)`).
  ///
  /// ```swift
  /// _ = Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 3
  /// // Prints: 9
  /// ```
  /// - Complexity: O(1) per element plus the cost of the closures.
  @inlinable
  public static func generate(
    initialState: Element,
    condition: @escaping (Element) throws -> Bool,
    iterate: @escaping (Element) throws -> Element
  ) -> Observable<Element> {
    Observable(subscribeHandler: { observer in
      let disposable = GeneratorDisposable()
      DeferredEmission.run {
        var state = initialState
        var isFirst = true
        do {
          while !disposable.isDisposed {
            if isFirst {
              isFirst = false
            } else {
              state = try iterate(state)
            }
            guard try condition(state) else {
              observer.on(.completed)
              return
            }
            observer.on(.next(state))
          }
        } catch {
          if !disposable.isDisposed { observer.on(.error(error)) }
        }
      }
      return disposable
    })
  }
}
