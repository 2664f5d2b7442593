extension ObservableType {
  /// Drops elements while `predicate` holds, then emits every element from the first that fails it.
  ///
  /// `predicate` is not called again once an element passed. A throwing `predicate` becomes an error.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 1).skip(while: { $0 < 3 }).subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// // Prints: 1
  /// ```
  /// - Complexity: O(1) per element plus the cost of `predicate` until it first fails.
  @inlinable
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SkipWhileSink(downstream: downstream, predicate: predicate)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class SkipWhileSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let predicate: (Element) throws -> Bool
  @usableFromInline var running = false
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.downstream = downstream
    self.predicate = predicate
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      if !running {
        do { running = try !predicate(element) } catch {
          terminate(.error(error))
          return
        }
      }
      if running { downstream.on(event) }
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
