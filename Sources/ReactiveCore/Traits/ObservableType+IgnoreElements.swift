extension ObservableType {
  /// Drops every element and keeps only completion or the error, as a `Completable`.
  ///
  /// `Completable` offers `asObservable()` (an `Observable<Never>`) and `asCompletable()`, so
  /// code written for either return type keeps compiling.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).ignoreElements().subscribe(onCompleted: { print("done") })
  /// // Prints: done
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func ignoreElements() -> Completable {
    Completable(raw: ignoreElementsForTraits())
  }

  /// This sequence without its elements, as an `Observable<Never>`.
  @inlinable
  func ignoreElementsForTraits() -> Observable<Never> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = IgnoreElementsSink<Element>(downstream: downstream)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class IgnoreElementsSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Never>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Never>) { self.downstream = downstream }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next: return
    case .error(let error): terminate(.error(error))
    case .completed: terminate(.completed)
    }
  }

  @inlinable
  func terminate(_ event: Event<Never>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
