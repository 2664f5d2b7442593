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
      SyncGenerator.subscribe(
        observer,
        state: IterateGeneratorState(state: initialState, condition: condition, iterate: iterate))
    })
  }
}

/// `initialState`, then `iterate` applied over and over, while `condition` holds.
@usableFromInline
struct IterateGeneratorState<Element>: GeneratorState {
  @usableFromInline var state: Element
  @usableFromInline var isFirst = true
  @usableFromInline let condition: (Element) throws -> Bool
  @usableFromInline let iterate: (Element) throws -> Element

  @inlinable
  init(
    state: Element, condition: @escaping (Element) throws -> Bool,
    iterate: @escaping (Element) throws -> Element
  ) {
    self.state = state
    self.condition = condition
    self.iterate = iterate
  }

  @inlinable
  mutating func next() throws -> Element? {
    if isFirst {
      isFirst = false
    } else {
      state = try iterate(state)
    }
    return try condition(state) ? state : nil
  }
}
