extension ObservableType {
  /// Creates an observable from a subscribe function.
  ///
  /// `subscribe` runs once per subscription and returns what cancels it. The observer it receives
  /// enforces the grammar (events after a terminal event are dropped), drops events after
  /// disposal, and disposes the returned disposable after a terminal event. Send events serially.
  ///
  /// ```swift
  /// let numbers = Observable<Int>.create { observer in
  ///   observer.onNext(1)
  ///   observer.onCompleted()
  ///   return Disposables.create()
  /// }
  /// _ = numbers.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// ```
  @inlinable
  public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable)
    -> Observable<Element>
  {
    Observable(subscribeHandler: { downstream in
      let sink = CreateSink(downstream: downstream)
      sink.upstream.setDisposable(subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

/// Guards the observer handed to `create`'s subscribe function.
@usableFromInline
final class CreateSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>) { self.downstream = downstream }

  @inlinable
  func on(_ event: Event<Element>) { upstream.forward(event, to: downstream) }
}
