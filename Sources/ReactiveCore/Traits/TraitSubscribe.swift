extension Observable {
  /// Subscribes for a trait's outcome: the element, or else the error or the completion. An
  /// error or completion after the element is not reported (a `Single` or `Maybe` reports one
  /// outcome at most; an error can follow the element only when a `do(afterSuccess:)` callback
  /// throws). Backs the callback `subscribe` of `Single` and `Maybe`.
  @inlinable
  func subscribeOutcome(
    onSuccess: ((Element) -> Void)?, onError: ((any Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
  ) -> Disposable {
    // Nothing to hold back after the element: no flag to keep.
    guard onError != nil || onCompleted != nil else {
      return subscribe(onNext: onSuccess, onError: nil, onCompleted: nil, onDisposed: onDisposed)
    }
    var succeeded = false  // events are serial
    var failed: ((any Swift.Error) -> Void)? = nil
    if let onError { failed = { error in if !succeeded { onError(error) } } }
    var completed: (() -> Void)? = nil
    if let onCompleted { completed = { if !succeeded { onCompleted() } } }
    return subscribe(
      onNext: { element in
        succeeded = true
        onSuccess?(element)
      },
      onError: failed, onCompleted: completed, onDisposed: onDisposed)
  }

  /// `subscribeOutcome` with callbacks that receive `object` (held weakly) as their first
  /// argument. Backs the `subscribe(with:...)` of `Single` and `Maybe`.
  @inlinable
  func subscribeOutcome<Object: AnyObject>(
    with object: Object, onSuccess: ((Object, Element) -> Void)?,
    onError: ((Object, any Swift.Error) -> Void)?, onCompleted: ((Object) -> Void)?,
    onDisposed: ((Object) -> Void)?
  ) -> Disposable {
    subscribeOutcome(
      onSuccess: bindWeakly(object, onSuccess), onError: bindWeakly(object, onError),
      onCompleted: bindWeakly(object, onCompleted), onDisposed: bindWeakly(object, onDisposed))
  }

  /// Subscribes and reports the first event that the trait's event type `Outcome` reports (see
  /// `TraitOutcome.init?(_:)`), and nothing after it. Backs the one-callback `subscribe(_:)` of
  /// `Single` and `Maybe`.
  @inlinable
  func subscribeFirstOutcome<Outcome: TraitOutcome>(_ observer: @escaping (Outcome) -> Void)
    -> Disposable where Outcome.Element == Element
  {
    var stopped = false  // events are serial
    func report(_ event: Event<Element>) {
      guard !stopped, let outcome = Outcome(event) else { return }
      stopped = true
      observer(outcome)
    }
    return subscribe(
      onNext: { report(.next($0)) }, onError: { report(.error($0)) },
      // A trait that does not report completion (`Single`) needs no completion callback.
      onCompleted: Outcome(.completed) == nil ? nil : { report(.completed) })
  }
}
