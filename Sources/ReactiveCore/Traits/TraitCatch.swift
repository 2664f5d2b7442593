extension Observable {
  /// The engine of the traits' `catch` and `Infallible`'s error recovery: forwards this
  /// sequence and, on an error, subscribes to `handler(error)` instead. A throwing `handler`
  /// sends its error downstream. Internal: the public `catch` on `ObservableType` is an
  /// operator of its own.
  @inlinable
  func catchForTraits(_ handler: @escaping (any Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    let source = self
    return Observable(subscribeHandler: { downstream in
      let sink = TraitCatchSink(downstream: downstream, handler: handler)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink
    })
  }
}

/// Forwards the source; on its error switches to the handler's sequence.
///
/// Events are serial: the source's events stop at its error, and only then is the fallback
/// subscribed, so the two never deliver at the same time.
@usableFromInline
final class TraitCatchSink<Element>: PairedSink, @unchecked Sendable {  // serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let handler: (any Swift.Error) throws -> Observable<Element>
  /// The source; its `terminated` bit also marks that a terminal event went downstream.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The fallback, subscribed on the source's error.
  @usableFromInline let second = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(
    downstream: AnyObserver<Element>,
    handler: @escaping (any Swift.Error) throws -> Observable<Element>
  ) {
    self.downstream = downstream
    self.handler = handler
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next: downstream.on(event)
    case .completed: terminate(.completed)
    case .error(let error):
      let next: Observable<Element>
      do { next = try handler(error) } catch {
        terminate(.error(error))
        return
      }
      second.setDisposable(next.subscribe(AnyObserver(eventHandler: forwardSecond)))
    }
  }
}
