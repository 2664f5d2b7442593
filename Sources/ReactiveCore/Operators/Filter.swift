extension ObservableType {
  /// Emits only the elements that satisfy `predicate`.
  ///
  /// A throwing `predicate` sends its error downstream and disposes the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 4).filter { $0.isMultiple(of: 2) }.subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// // Prints: 4
  /// ```
  /// - Complexity: O(1) per element; no allocation per element.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = FilterSink(downstream: downstream, predicate: predicate)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

@usableFromInline
final class FilterSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let predicate: (Element) throws -> Bool
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
      let passes: Bool
      do { passes = try predicate(element) } catch {
        terminate(.error(error))
        return
      }
      if passes { downstream.on(event) }
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
