import ReactiveEngine
import Synchronization

/// The sink of `flatMapLatest`, `switchLatest` and `flatMapFirst`.
///
/// Thread safety: `state` (the switch's state machine) is reachable only under its lock (`mode`
/// is a copy of its immutable mode, read without the lock); `accepted` mirrors the machine's
/// `acceptedID`, stored under the lock after every change (`stateChanged`); `upstream` is
/// thread-safe. Decided events are delivered by the `drainer` (see `SerialDeliverySink`).
/// Outer events are serial by contract, so inners are subscribed one at a time. The running
/// inner's subscription is kept by the state machine, which hands it back to be disposed (after
/// unlocking) when the inner is replaced, before the next one is subscribed, when it stops, and
/// when the sink ends: no holder object per inner.
///
/// An inner element takes a lock-free path when the drainer is idle with nothing queued: the
/// producer takes the drainer role, forwards the element if `accepted` still names its inner,
/// and leaves. Holding the role, nothing else is delivered meanwhile, and nothing decided before
/// is still queued; every change that replaces the inner or stops the switch stores `accepted`
/// under the lock before its own item reaches the drainer, so an element read as current here is
/// delivered before anything decided after it, and a stale element is dropped as on the locked
/// path. Any other event, and an element that finds the drainer busy, is decided under the lock.
@usableFromInline
final class SwitchSink<SourceElement, Element>: FlatteningSink, @unchecked Sendable {
  @usableFromInline let downstream: Downstream<Element>
  @usableFromInline let selector: (SourceElement) throws -> Observable<Element>
  @usableFromInline let state: Locked<SwitchStateMachine>
  @usableFromInline let mode: SwitchStateMachine.Mode
  @usableFromInline let drainer = Drainer<Event<Element>>()
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()
  /// `state`'s `acceptedID`, for the element fast path (see the type's notes).
  @usableFromInline let accepted = Atomic<Int>(0)

  deinit {
    let words = downstream.observer.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @usableFromInline
  init(
    downstream: Downstream<Element>, mode: SwitchStateMachine.Mode,
    selector: @escaping (SourceElement) throws -> Observable<Element>
  ) {
    self.downstream = downstream
    self.selector = selector
    self.mode = mode
    self.state = Locked(SwitchStateMachine(mode: mode))
  }

  /// The inner side is disposed only when the whole sink ends (`upstream` may end earlier, when
  /// the outer sequence completes).
  @inlinable
  var isDisposed: Bool { state.withLock { $0.isDisposed } }

  @inlinable @inline(__always)
  func outerNext(_ element: SourceElement) {
    if mode == .first {
      // Do not even run the selector while an inner is running (as RxSwift).
      if state.withLock({ $0.isBusy }) { return }
    }
    guard let source = selectInner(element) else { return }
    guard let (id, replaced) = change({ $0.outerNext() }) else { return }
    replaced?.dispose()  // the previous inner first
    let subscription = source.subscribe(
      AnyObserver(eventHandler: { [self] event in onInner(event, id: id) }))
    change { $0.attach(subscription, id: id) }?.dispose()
  }

  @inlinable @inline(__always)
  func stateChanged(_ state: SwitchStateMachine) {
    accepted.store(state.acceptedID, ordering: .releasing)
  }

  // Inlined into the inner observer's closure: one call per element, not two.
  @inlinable @inline(__always)
  func onInner(_ event: Event<Element>, id: Int) {
    if case .next(let element) = event, let role = drainer.tryEnter() {
      if accepted.load(ordering: .acquiring) == id { downstream.onNextWithinDelivery(element) }
      drainer.leave(role, for: self)
      return
    }
    // A finished inner is released at once, not when the next one replaces it (as RxSwift).
    if event.isStopEvent { change { $0.detachInner(id: id) }?.dispose() }
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
    change { $0.disposeInner() }?.dispose()
  }
}

/// The observable behind the switching operators.
@inlinable
func switchObservable<SourceElement, Element>(
  _ source: Observable<SourceElement>, mode: SwitchStateMachine.Mode,
  selector: @escaping (SourceElement) throws -> Observable<Element>
) -> Observable<Element> {
  Observable(downstreamHandler: { downstream in
    SwitchSink(downstream: downstream, mode: mode, selector: selector).run(source)
  })
}
