extension Observable {
  /// The engine of the traits' `catch` and `Infallible`'s error recovery: forwards this
  /// sequence and, on an error, subscribes to `handler(error)` instead. A throwing `handler`
  /// sends its error downstream. Internal: the public `catch` on `ObservableType` is an
  /// operator of its own.
  @inlinable
  func catchForTraits(_ handler: @escaping (any Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    .sequel(of: self, CatchSequel(handler: handler))
  }
}

/// Forwards the source; on its error continues with the handler's sequence. The source's events
/// stop at its error, and only then is the fallback subscribed, so the two never deliver at the
/// same time.
@usableFromInline
struct CatchSequel<Element>: SequelPolicy {
  @usableFromInline let handler: (any Swift.Error) throws -> Observable<Element>

  @inlinable
  init(handler: @escaping (any Swift.Error) throws -> Observable<Element>) {
    self.handler = handler
  }

  @inlinable
  func step(_ event: Event<Element>) throws -> SequelStep<Element> {
    guard case .error(let error) = event else { return .forward(event) }
    return .sequel(try handler(error))
  }
}
