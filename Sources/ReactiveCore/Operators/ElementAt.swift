extension ObservableType {
  /// Emits only the element at position `index` (zero-based), then completes and disposes the
  /// source.
  ///
  /// When the source completes before reaching `index`, the result fails with
  /// `RxError.argumentOutOfRange`.
  ///
  /// ```swift
  /// _ = Observable.of("a", "b", "c").element(at: 1).subscribe(onNext: { print($0) })
  /// // Prints: b
  /// ```
  /// - Precondition: `index >= 0` (RxSwift stops with a fatal error too).
  /// - Complexity: O(1) per element.
  @inlinable
  public func element(at index: Int) -> Observable<Element> {
    precondition(index >= 0, "element(at:): index can't be negative")
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = ElementAtSink(downstream: downstream, index: index)
      return Trampoline.activate {
        sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
        return sink.upstream
      }
    })
  }
}

@usableFromInline
final class ElementAtSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline var remaining: Int
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, index: Int) {
    self.downstream = downstream
    self.remaining = index
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next:
      if remaining > 0 {
        remaining -= 1
        return
      }
      guard upstream.tryTerminate() else { return }
      downstream.on(event)
      downstream.on(.completed)
      upstream.dispose()
    case .error: terminate(event)
    case .completed: terminate(.error(RxError.argumentOutOfRange))
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
