import Synchronization

/// The sink of `flatMapLatest`, `switchLatest` and `flatMapFirst`.
///
/// Thread safety: `state` (the switch's state machine) is reachable only under its lock (`mode`
/// is a copy of its immutable mode, read without the lock); the disposables are thread-safe. Decided events are delivered by the
/// `drainer` (see `SerialDeliverySink`).
/// Outer events are serial by contract, so inners are subscribed one at a time; the previous
/// inner is disposed (through `inner`, a `SerialDisposable`) before the next one is subscribed.
@usableFromInline
final class SwitchSink<SourceElement, Element>: FlatteningSink, @unchecked Sendable {
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let selector: (SourceElement) throws -> Observable<Element>
  @usableFromInline let state: Locked<SwitchStateMachine>
  @usableFromInline let mode: SwitchStateMachine.Mode
  @usableFromInline let drainer = Drainer<Event<Element>>()
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let inner = SerialDisposable()
  @usableFromInline let token = ResourceToken()

  @usableFromInline
  init(
    downstream: AnyObserver<Element>, mode: SwitchStateMachine.Mode,
    selector: @escaping (SourceElement) throws -> Observable<Element>
  ) {
    self.downstream = downstream
    self.selector = selector
    self.mode = mode
    self.state = Locked(SwitchStateMachine(mode: mode))
  }

  /// `inner` is disposed only when the whole sink ends (`upstream` may end earlier, when the
  /// outer sequence completes).
  @inlinable
  var isDisposed: Bool { inner.isDisposed }

  @inlinable @inline(__always)
  func outerNext(_ element: SourceElement) {
    if mode == .first {
      // Do not even run the selector while an inner is running (as RxSwift).
      if state.withLock({ $0.isBusy }) { return }
    }
    guard let source = selectInner(element) else { return }
    guard let id = state.withLock({ $0.outerNext() }) else { return }
    let holder = SingleAssignmentDisposable()
    inner.disposable = holder  // disposes the previous inner first
    holder.setDisposable(
      source.subscribe(
        AnyObserver(eventHandler: { [self] event in onInner(event, id: id, holder: holder) })))
  }

  @inlinable
  func onInner(_ event: Event<Element>, id: Int, holder: SingleAssignmentDisposable) {
    // A finished inner is released at once, not when the next one replaces it (as RxSwift).
    if event.isStopEvent { holder.dispose() }
    decide(event) { machine in
      switch event {
      case .next: machine.innerNext(id: id)
      case .error: machine.innerFailed(id: id)
      case .completed: machine.innerCompleted(id: id)
      }
    }
  }

  @inlinable
  func disposeSources() {
    upstream.dispose()
    inner.dispose()
  }
}

/// The observable behind the switching operators.
@inlinable
func switchObservable<SourceElement, Element>(
  _ source: Observable<SourceElement>, mode: SwitchStateMachine.Mode,
  selector: @escaping (SourceElement) throws -> Observable<Element>
) -> Observable<Element> {
  Observable(subscribeHandler: { downstream in
    SwitchSink(downstream: downstream, mode: mode, selector: selector).run(source)
  })
}
