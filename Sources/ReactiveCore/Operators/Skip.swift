extension ObservableType {
  /// Drops the first `count` elements and emits the rest.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).skip(2).subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// ```
  /// - Precondition: `count >= 0`.
  /// - Complexity: O(1) per element.
  @inlinable
  public func skip(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "skip: count can't be negative")
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SkipCountSink(downstream: downstream, count: count)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class SkipCountSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline var remaining: Int
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, count: Int) {
    self.downstream = downstream
    self.remaining = count
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next:
      if remaining > 0 {
        remaining -= 1
      } else {
        downstream.on(event)
      }
    case .error, .completed:
      guard upstream.tryTerminate() else { return }
      downstream.on(event)
      upstream.dispose()
    }
  }
}
