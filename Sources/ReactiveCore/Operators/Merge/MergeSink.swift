import ReactiveEngine
import Synchronization

/// The sink shared by `merge`, `merge(maxConcurrent:)`, `concat`, `flatMap` and `concatMap`.
///
/// Thread safety: `state` (the merge's state machine) is reachable only under its lock;
/// everything else is immutable or thread-safe.
/// Events are decided under the lock and delivered by the `drainer` (see `SerialDeliverySink`),
/// so downstream never sees two events at once and no lock is held while calling out.
@usableFromInline
final class MergeSink<SourceElement, Element>: FlatteningSink, @unchecked Sendable {
  @usableFromInline let downstream: Downstream<Element>
  @usableFromInline let selector: (SourceElement) throws -> Observable<Element>
  @usableFromInline let state: Locked<MergeStateMachine<Observable<Element>>>
  @usableFromInline let drainer = Drainer<Event<Element>>()
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let inners = CompositeDisposable()
  @usableFromInline let token = ResourceToken()

  deinit {
    let words = downstream.observer.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @usableFromInline
  init(
    downstream: Downstream<Element>, maxConcurrent: Int,
    selector: @escaping (SourceElement) throws -> Observable<Element>
  ) {
    self.downstream = downstream
    self.selector = selector
    self.state = Locked(MergeStateMachine(maxConcurrent: maxConcurrent))
  }

  /// Subscribes every source of `sources` now, in order (no outer subscription: nothing waits for
  /// a trampoline); stops early once the merge has ended.
  @inlinable
  func run(_ sources: [SourceElement]) -> Disposable {
    for source in sources {
      if isDisposed { break }
      onOuter(.next(source))
    }
    onOuter(.completed)
    return self
  }

  /// `inners` is disposed only when the whole sink ends (`upstream` may end earlier, when the
  /// outer sequence completes).
  @inlinable
  var isDisposed: Bool { inners.isDisposed }

  @inlinable @inline(__always)
  func outerNext(_ element: SourceElement) {
    guard let inner = selectInner(element) else { return }
    if let start = change({ $0.outerNext(inner) }) { startLoop(start) }
  }

  @inlinable
  func onInner(_ event: Event<Element>, key: CompositeDisposable.DisposeKey) {
    switch event {
    case .next:
      decide(event) { !$0.isStopped }
    case .error(let error):
      fail(error)
    case .completed:
      inners.remove(for: key)
      var start: Observable<Element>?
      decide(.completed) { machine in
        switch machine.innerCompleted() {
        case .complete: return true
        case .start(let inner): start = inner
        case .none: break
        }
        return false
      }
      if let start { startLoop(start) }
    }
  }

  /// Subscribes `first`, then every pending inner that gets a free slot meanwhile (a loop, so
  /// synchronous inners never make the stack grow).
  @inlinable
  func startLoop(_ first: Observable<Element>) {
    var inner = first
    while true {
      subscribeInner(inner)
      guard let next = change({ $0.nextToStart() }) else { return }
      inner = next
    }
  }

  @inlinable
  func subscribeInner(_ inner: Observable<Element>) {
    let holder = SingleAssignmentDisposable()
    guard let key = inners.insert(holder) else { return }
    holder.setDisposable(
      inner.subscribe(AnyObserver(eventHandler: { [self] event in onInner(event, key: key) })))
  }

  @inlinable
  func disposeSources() {
    upstream.dispose()
    inners.dispose()
  }
}

/// The observable behind every merge-family operator: `selector` turns each element of `source`
/// into an inner observable; at most `maxConcurrent` inners are subscribed at once.
@inlinable
func mergeObservable<SourceElement, Element>(
  _ source: Observable<SourceElement>, maxConcurrent: Int,
  selector: @escaping (SourceElement) throws -> Observable<Element>
) -> Observable<Element> {
  Observable(downstreamHandler: { downstream in
    MergeSink(downstream: downstream, maxConcurrent: maxConcurrent, selector: selector).run(source)
  })
}
