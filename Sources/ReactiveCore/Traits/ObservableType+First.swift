extension ObservableType {
  /// A `Single` with the first element, or `nil` when the sequence completes without one
  /// (RxSwift 6's `first()`). The source is disposed as soon as the first element arrives.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).first().subscribe(onSuccess: { print($0 as Any) })
  /// // Prints: Optional(1)
  /// ```
  /// - Complexity: O(1).
  @inlinable
  public func first() -> Single<Element?> {
    let source = asObservable()
    return Single(
      raw: Observable(subscribeHandler: { downstream in
        let sink = FirstElementSink(downstream: downstream)
        sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
        return sink.upstream
      }))
  }
}

@usableFromInline
final class FirstElementSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element?>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element?>) { self.downstream = downstream }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped, upstream.tryTerminate() else { return }
    switch event {
    case .next(let element):
      downstream.on(.next(element))
      downstream.on(.completed)
    case .error(let error):
      downstream.on(.error(error))
    case .completed:
      downstream.on(.next(nil))
      downstream.on(.completed)
    }
    upstream.dispose()
  }
}
