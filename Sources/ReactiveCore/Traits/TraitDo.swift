extension Observable {
  /// The engine of the traits' `do(...)`: runs side effects around each event. `on*` callbacks
  /// run before forwarding, `after*` after; a throwing callback sends its error downstream.
  /// `onSubscribe` runs before subscribing, `onSubscribed` after, `onDispose` on any disposal.
  /// Internal: `do` on `ObservableType` is an operator of its own.
  @inlinable
  func doForTraits(
    onNext: ((Element) throws -> Void)?,
    afterNext: ((Element) throws -> Void)?,
    onError: ((any Swift.Error) throws -> Void)?,
    afterError: ((any Swift.Error) throws -> Void)?,
    onCompleted: (() throws -> Void)?,
    afterCompleted: (() throws -> Void)?,
    onSubscribe: (() -> Void)?,
    onSubscribed: (() -> Void)?,
    onDispose: (() -> Void)?
  ) -> Observable<Element> {
    let lifted = lift {
      TraitDoOperator(
        onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
        onCompleted: onCompleted, afterCompleted: afterCompleted)
    }
    return Observable(subscribeHandler: { downstream in
      onSubscribe?()
      let subscription = lifted.subscribe(downstream)
      onSubscribed?()
      guard let onDispose else { return subscription }
      return Disposables.create(subscription, Disposables.create(with: onDispose))
    })
  }
}

/// Runs the callbacks of `do(...)` around each event of a single serial source.
@usableFromInline
struct TraitDoOperator<Element>: SingleSourceOperator {
  @usableFromInline let onNext: ((Element) throws -> Void)?
  @usableFromInline let afterNext: ((Element) throws -> Void)?
  @usableFromInline let onError: ((any Swift.Error) throws -> Void)?
  @usableFromInline let afterError: ((any Swift.Error) throws -> Void)?
  @usableFromInline let onCompleted: (() throws -> Void)?
  @usableFromInline let afterCompleted: (() throws -> Void)?
  /// The source's terminal event passed its `on*` callback: its `after*` runs once forwarded (not
  /// after an error thrown by a callback).
  @usableFromInline var sourceTerminal = false

  @inlinable
  init(
    onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
    onError: ((any Swift.Error) throws -> Void)?,
    afterError: ((any Swift.Error) throws -> Void)?,
    onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?
  ) {
    self.onNext = onNext
    self.afterNext = afterNext
    self.onError = onError
    self.afterError = afterError
    self.onCompleted = onCompleted
    self.afterCompleted = afterCompleted
  }

  @inlinable
  func next(_ element: Element, _ downstream: AnyObserver<Element>) throws -> Bool {
    try onNext?(element)
    downstream.on(.next(element))
    try afterNext?(element)
    return true
  }

  @inlinable
  mutating func completed(_ downstream: AnyObserver<Element>) throws {
    try onCompleted?()
    sourceTerminal = true
  }

  @inlinable
  mutating func failed(_ error: any Swift.Error, _ downstream: AnyObserver<Element>) throws {
    try onError?(error)
    sourceTerminal = true
    throw error
  }

  @inlinable
  func terminated(_ event: Event<Element>) {
    guard sourceTerminal else { return }
    if let error = event.error { try? afterError?(error) } else { try? afterCompleted?() }
  }
}
