/// The skeleton of `catch`, `concat` and `retry`: one subscription after another, each started in
/// a `SubscribeLoop`, so sources that end inside `subscribe` are followed by the loop, not by
/// recursion.
///
/// The base owns the current subscription (`serial`), the event path and its terminate-once guard
/// (each subscription's holder); a subclass says which terminal event moves on
/// (`movesOn(after:)`), what moving on does (`moveOn(after:)`) and what comes next
/// (`subscribeNext()`).
///
/// Thread safety: the events of one subscription are serial and subscriptions never overlap (the
/// next one starts after the previous one terminated), so a subclass's state, touched only by
/// those three methods, is ordered by the loop's atomics and the holders' terminate-once bit. The
/// disposables are thread-safe.
@usableFromInline
class SuccessionSink<Element>: @unchecked Sendable {
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let loop = SubscribeLoop()
  /// What the subscriber disposes; holds the current subscription.
  @usableFromInline let serial = SerialDisposable()
  @usableFromInline let token = ResourceToken()

  // Frees the next sink of the chain in bounded stack (see `ReleasedReference.init(takingObserverAt:check:)`): a
  // chain of any depth is freed in constant stack, whoever frees its first sink.
  deinit {
    Trampoline.release(
      ReleasedReference(
        takingObserverAt: Unmanaged.passUnretained(self).toOpaque(), check: downstream))
  }

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }

  /// Subscribes to what comes next (through `loop.run` and `subscribeCurrent`), or ends.
  /// Subclasses override it.
  @inlinable
  func subscribeNext() {
    preconditionFailure("SuccessionSink.subscribeNext must be overridden")
  }

  /// Whether the current subscription's `terminal` event moves on (`moveOn(after:)`) instead of
  /// ending the result. Subclasses override it.
  @inlinable
  func movesOn(after terminal: Event<Element>) -> Bool {
    preconditionFailure("SuccessionSink.movesOn must be overridden")
  }

  /// Moves on after `terminal`, once the current subscription is terminated. Subclasses override
  /// it; by default it subscribes what comes next.
  @inlinable
  func moveOn(after terminal: Event<Element>) {
    subscribeNext()
  }

  /// Makes `observable` the current subscription (disposing the previous one); its events go
  /// through `on(_:_:)`.
  @inlinable
  final func subscribeCurrent(_ observable: Observable<Element>) {
    let current = SingleAssignmentDisposable()
    serial.disposable = current
    current.setDisposable(
      observable.subscribe(AnyObserver(eventHandler: { event in self.on(event, current) })))
  }

  /// Ends the result with `terminal` (no subscription is current) and releases the sink.
  @inlinable
  final func end(_ terminal: Event<Element>) {
    downstream.on(terminal)
    serial.dispose()
  }

  @inlinable
  final func on(_ event: Event<Element>, _ current: SingleAssignmentDisposable) {
    guard !current.isStopped else { return }
    if case .next = event { return downstream.on(event) }
    if movesOn(after: event) {
      guard current.terminate({}) else { return }
      moveOn(after: event)
    } else {
      guard current.terminate({ downstream.on(event) }) else { return }
      serial.dispose()
    }
  }
}
