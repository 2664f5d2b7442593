extension Observable {
  /// The engine of the traits' `flatMap`: this sequence yields at most one element, which is
  /// mapped to the inner sequence whose events become the result. Completion of this sequence
  /// without an element completes the result (`Maybe`); with an element it is ignored and the
  /// inner sequence decides. Internal: `flatMap` on `ObservableType` is an operator of its own.
  @inlinable
  func flatMapForTraits<Result>(
    _ selector: @escaping (Element) throws -> Observable<Result>
  ) -> Observable<Result> {
    .sequel(of: self, FlatMapSequel(selector: selector))
  }
}

/// Maps the single element of a trait to an inner sequence and continues with that. The inner
/// sequence is the only source of elements, and of completion once an element arrived; an error
/// of the source still ends the result.
@usableFromInline
struct FlatMapSequel<Source, Element>: SequelPolicy {
  @usableFromInline let selector: (Source) throws -> Observable<Element>
  @usableFromInline var hasElement = false

  @inlinable
  init(selector: @escaping (Source) throws -> Observable<Element>) {
    self.selector = selector
  }

  @inlinable
  mutating func step(_ event: Event<Source>) throws -> SequelStep<Element> {
    switch event {
    case .next(let element):
      guard !hasElement else { return .ignore }  // a trait emits one element; be defensive
      hasElement = true
      return .sequel(try selector(element))
    case .error(let error): return .forward(.error(error))
    case .completed: return hasElement ? .ignore : .forward(.completed)
    }
  }
}
