extension Observable {
  /// The engine of the traits' `flatMap`: this sequence yields at most one element, which is
  /// mapped to the inner sequence whose events become the result. Completion of this sequence
  /// without an element completes the result (`Maybe`); with an element it is ignored and the
  /// inner sequence decides. Internal: `flatMap` on `ObservableType` is an operator of its own.
  @inlinable
  func flatMapForTraits<Result>(
    _ selector: @escaping (Element) throws -> Observable<Result>
  ) -> Observable<Result> {
    let source = self
    return Observable<Result>(subscribeHandler: { downstream in
      let sink = TraitFlatMapSink(downstream: downstream, selector: selector)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink
    })
  }
}

/// Maps the single element of a trait to an inner sequence and forwards that.
///
/// Serial delivery: the inner sequence is the only source of `next` events and of completion
/// once an element arrived; the source's later completion is ignored without touching
/// `downstream`. `hasElement` is written and read only by the source's (serial) events.
@usableFromInline
final class TraitFlatMapSink<Source, Result>: PairedSink, @unchecked Sendable {
  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let selector: (Source) throws -> Observable<Result>
  /// The source; its `terminated` bit also marks that a terminal event went downstream.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The inner sequence of the element.
  @usableFromInline let second = SingleAssignmentDisposable()
  @usableFromInline var hasElement = false
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Result>, selector: @escaping (Source) throws -> Observable<Result>
  ) {
    self.downstream = downstream
    self.selector = selector
  }

  @inlinable
  func on(_ event: Event<Source>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      guard !hasElement else { return }  // a trait emits one element; be defensive
      hasElement = true
      let next: Observable<Result>
      do { next = try selector(element) } catch {
        terminate(.error(error))
        return
      }
      second.setDisposable(next.subscribe(AnyObserver(eventHandler: forwardSecond)))
    case .error(let error): terminate(.error(error))
    case .completed: if !hasElement { terminate(.completed) }
    }
  }
}
