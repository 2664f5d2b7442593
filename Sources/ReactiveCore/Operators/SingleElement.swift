extension ObservableType {
  /// Forwards the only element of the source, failing when it has none or more than one.
  ///
  /// The element is forwarded as soon as it arrives; a second element fails with
  /// `RxError.moreThanOneElement`, completion without an element with `RxError.noElements`.
  ///
  /// ```swift
  /// _ = Observable.of(7).single().subscribe(onNext: { print($0) })
  /// // Prints: 7
  /// ```
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// Forwards the only element that satisfies `predicate`, failing when none or more than one do.
  ///
  /// A throwing `predicate` sends its error downstream.
  ///
  /// ```swift
  /// _ = Observable.of(1, 2, 3).single { $0 == 2 }.subscribe(onNext: { print($0) })
  /// // Prints: 2
  /// ```
  public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SingleElementSink(downstream: downstream, predicate: predicate)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

final class SingleElementSink<Element>: @unchecked Sendable {  // events are serial by contract
  let downstream: AnyObserver<Element>
  let predicate: (Element) throws -> Bool
  var seenValue = false
  let upstream = SingleAssignmentDisposable()
  let token = ResourceToken()

  init(downstream: AnyObserver<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.downstream = downstream
    self.predicate = predicate
  }

  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let element):
      do {
        guard try predicate(element) else { return }
      } catch {
        terminate(.error(error))
        return
      }
      if seenValue {
        terminate(.error(RxError.moreThanOneElement))
        return
      }
      seenValue = true
      downstream.on(.next(element))
    case .error(let error): terminate(.error(error))
    case .completed: terminate(seenValue ? .completed : .error(RxError.noElements))
    }
  }

  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    upstream.dispose()
  }
}
