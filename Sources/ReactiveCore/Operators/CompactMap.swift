extension ObservableType {
  /// Transforms each element with `transform` and emits the non-`nil` results.
  ///
  /// A throwing `transform` sends its error downstream and disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of("1", "x", "3").compactMap { Int($0) }.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 3
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Observable<Result>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = CompactMapSink(downstream: downstream, transform: transform)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class CompactMapSink<Source, Result>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Result>
  @usableFromInline let transform: (Source) throws -> Result?
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Result>, transform: @escaping (Source) throws -> Result?) {
    self.downstream = downstream
    self.transform = transform
  }

  @inlinable
  func on(_ event: Event<Source>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      let result: Result?
      do { result = try transform(element) } catch {
        terminate(.error(error))
        return
      }
      if let result { downstream.on(.next(result)) }
    case .error(let error): terminate(.error(error))
    case .completed: terminate(.completed)
    }
  }

  @inlinable
  func terminate(_ event: Event<Result>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
