extension ObservableType {
  /// Emits every event of the source as an element, then completes; never errors.
  ///
  /// A source error arrives as `.next(.error(e))` followed by `.completed`; source completion as
  /// `.next(.completed)` followed by `.completed`. `dematerialize()` reverses it.
  ///
  /// ```swift
  /// _ = Observable.of(1).materialize().subscribe(onNext: { print($0) })
  /// // Prints: next(1)
  /// // Prints: completed
  /// ```
  /// - Complexity: O(1) per event.
  @inlinable
  public func materialize() -> Observable<Event<Element>> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = MaterializeSink(downstream: downstream)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class MaterializeSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Event<Element>>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Event<Element>>) { self.downstream = downstream }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    if case .next = event {
      downstream.on(.next(event))
      return
    }
    guard upstream.tryTerminate() else { return }
    downstream.on(.next(event))
    downstream.on(.completed)
    upstream.dispose()
  }
}
