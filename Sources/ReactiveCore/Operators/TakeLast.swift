extension ObservableType {
  /// Emits the last `count` elements of the source when it completes.
  ///
  /// Elements are held until completion; an error is forwarded at once and the held elements are
  /// dropped. `count` of zero emits nothing and completes with the source.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3, 4).takeLast(2).subscribe(onNext: { print($0) })
  /// // Prints: 3
  /// // Prints: 4
  /// ```
  /// - Precondition: `count >= 0`.
  /// - Complexity: O(`count`) memory.
  public func takeLast(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "takeLast count must not be negative")
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = TakeLastSink(downstream: downstream, count: count)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

final class TakeLastSink<Element>: @unchecked Sendable {  // events are serial by contract
  let downstream: AnyObserver<Element>
  let count: Int
  var buffer = FIFO<Element>()
  let upstream = SingleAssignmentDisposable()
  let token = ResourceToken()

  init(downstream: AnyObserver<Element>, count: Int) {
    self.downstream = downstream
    self.count = count
  }

  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      guard count > 0 else { return }
      buffer.append(element)
      if buffer.count > count { _ = buffer.popFirst() }
    case .error(let error):
      guard upstream.tryTerminate() else { return }
      buffer = FIFO()
      downstream.on(.error(error))
      upstream.dispose()
    case .completed:
      guard upstream.tryTerminate() else { return }
      while let element = buffer.popFirst() {
        if upstream.isDisposed { return }
        downstream.on(.next(element))
      }
      downstream.on(.completed)
      upstream.dispose()
    }
  }
}
