extension ObservableType {
  /// A `Single` with every element of the sequence, in order, once it completes.
  ///
  /// An error drops the collected elements and fails the `Single`. Never completes for an
  /// infinite source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).toArray().subscribe(onSuccess: { print($0) })
  /// // Prints: [1, 2, 3]
  /// ```
  /// - Complexity: O(1) amortized per element; O(n) memory.
  @inlinable
  public func toArray() -> Single<[Element]> {
    let source = asObservable()
    return Single(
      raw: Observable(subscribeHandler: { downstream in
        let sink = ToArraySink(downstream: downstream)
        sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
        return sink.upstream
      }))
  }
}

@usableFromInline
final class ToArraySink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<[Element]>
  @usableFromInline var elements: [Element] = []
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<[Element]>) { self.downstream = downstream }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      elements.append(element)
    case .error(let error):
      guard upstream.tryTerminate() else { return }
      elements = []
      downstream.on(.error(error))
      upstream.dispose()
    case .completed:
      guard upstream.tryTerminate() else { return }
      let result = elements
      elements = []
      downstream.on(.next(result))
      downstream.on(.completed)
      upstream.dispose()
    }
  }
}
