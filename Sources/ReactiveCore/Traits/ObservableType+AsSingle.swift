extension ObservableType {
  /// A `Single` with the one element of this sequence.
  ///
  /// Fails with `RxError.noElements` when the sequence completes without an element, and with
  /// `RxError.moreThanOneElement` as soon as a second element arrives (disposing the source).
  /// The element is emitted when the source completes.
  ///
  /// ```swift
  /// _ = Observable.just(1).asSingle().subscribe(onSuccess: { print($0) })
  /// // Prints: 1
  /// _ = Observable.of(1, 2).asSingle().subscribe(onFailure: { print($0) })
  /// // Prints: Sequence contains more than one element.
  /// ```
  /// - Complexity: O(1) per element.
  @inlinable
  public func asSingle() -> Single<Element> {
    Single(raw: oneElementForTraits(requireElement: true))
  }

  /// Sends the sequence's at most one element and completion; the engine of `asSingle()` and
  /// `asMaybe()`.
  @inlinable
  func oneElementForTraits(requireElement: Bool) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = OneElementSink(downstream: downstream, requireElement: requireElement)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink.upstream
    })
  }
}

/// Holds the one element until completion; fails on a second element (and, when
/// `requireElement`, on completion without one).
@usableFromInline
final class OneElementSink<Element>: @unchecked Sendable {  // events are serial by contract
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let requireElement: Bool
  @usableFromInline var element: Element?
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, requireElement: Bool) {
    self.downstream = downstream
    self.requireElement = requireElement
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    switch event {
    case .next(let value):
      if element != nil { return terminate(.error(RxError.moreThanOneElement)) }
      element = value
    case .error: terminate(event)
    case .completed:
      if let element {
        guard upstream.tryTerminate() else { return }
        self.element = nil
        downstream.on(.next(element))
        downstream.on(.completed)
        upstream.dispose()
      } else {
        terminate(requireElement ? .error(RxError.noElements) : .completed)
      }
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    element = nil
    downstream.on(event)
    upstream.dispose()
  }
}
