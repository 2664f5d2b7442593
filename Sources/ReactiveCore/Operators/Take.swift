extension ObservableType {
  /// Emits the first `count` elements, then completes and disposes the source.
  ///
  /// Completes on the `count`-th element without waiting for the source. `take(0)` completes at
  /// once and never subscribes to the source. Works with endless synchronous sources such as
  /// `Observable.repeatElement(_:)`.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).take(2).subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: done
  /// ```
  /// - Precondition: `count >= 0`.
  /// - Complexity: O(1) per element.
  @inlinable
  public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "take: count can't be negative")
    if count == 0 {
      return Observable(subscribeHandler: { downstream in
        downstream.on(.completed)
        return Disposables.create()
      })
    }
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = TakeCountSink(downstream: downstream, count: count)
      return Trampoline.activate {
        sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
        return sink.upstream
      }
    })
  }
}

@usableFromInline
final class TakeCountSink<Element>: @unchecked Sendable {  // events are serial by contract
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
      remaining -= 1
      downstream.on(event)
      if remaining == 0 { terminate(.completed) }
    case .error, .completed: terminate(event)
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
