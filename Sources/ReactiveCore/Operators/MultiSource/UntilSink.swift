import ReactiveEngine

/// Receives the source and the `other` sequence of `take(until:)` / `skip(until:)` through one
/// `Drainer`.
///
/// Both operators forward `other`'s error and let its completion only dispose it. They differ in
/// what `other`'s first element does: `take(until:)` completes the result; `skip(until:)` starts
/// forwarding the source (until then the source's elements are dropped and its completion ends
/// the result silently, as in RxSwift).
@usableFromInline
final class UntilSink<Element, Other>: PairedSink, DrainerOwner, @unchecked Sendable {
  // `drainer` runs `handle` one item at a time: `forwarding` is drainer-owned, and `downstream`
  // is only touched there (and by `init`, and by `deinit` for the chain release, which is why it
  // is a plain field); the disposables are thread-safe.
  @usableFromInline enum Item {
    case source(Event<Element>)
    case other(Event<Other>)
  }

  /// Replaced by an observer that ignores everything when the sink ends without a terminal event
  /// (see `handle`).
  @usableFromInline @exclusivity(unchecked) var downstream: AnyObserver<Element>
  /// The source subscription; its flags also record termination and disposal of the whole sink.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The other sequence's subscription.
  @usableFromInline let second = SingleAssignmentDisposable()
  /// `true` for `take(until:)`: `other`'s first element completes the result.
  @usableFromInline let completesOnOther: Bool
  /// Whether source elements reach downstream (`skip(until:)` starts with `false`): one bit,
  /// flipped once by `other`'s first element.
  @usableFromInline @exclusivity(unchecked) var forwarding: DrainerOwned<Bool>
  @usableFromInline let drainer = Drainer<Item>()
  @usableFromInline let token = ResourceToken()

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  /// `completesOnOther`: `true` for `take(until:)`, `false` for `skip(until:)`.
  @inlinable
  init(downstream: AnyObserver<Element>, completesOnOther: Bool) {
    self.downstream = downstream
    self.completesOnOther = completesOnOther
    self.forwarding = DrainerOwned(completesOnOther)
  }

  /// Subscribes `other` first, then `source`.
  @inlinable
  func run(_ source: Observable<Element>, until other: Observable<Other>) -> Disposable {
    second.setDisposable(
      other.subscribe(AnyObserver(eventHandler: { self.drainer.submit(.other($0), to: self) })))
    upstream.setDisposable(
      source.subscribe(AnyObserver(eventHandler: { self.drainer.submit(.source($0), to: self) })))
    return self
  }

  @inlinable
  func handle(_ item: Item, _ role: borrowing DrainerRole) {
    guard !upstream.isStopped else { return }
    switch item {
    case .source(.next(let element)):
      if forwarding.get(role) { downstream.on(.next(element)) }
    case .source(.error(let error)), .other(.error(let error)):
      terminate(.error(error))
    case .source(.completed):
      if forwarding.get(role) {
        terminate(.completed)
      } else {
        endSilently()
      }
    case .other(.next):
      if completesOnOther {
        terminate(.completed)
      } else {
        forwarding.set(true, role)
        second.dispose()
      }
    case .other(.completed):
      second.dispose()
    }
  }

  /// Ends without a terminal event (`skip(until:)` whose source completed first, as in RxSwift).
  /// The subscriber then still holds this sink (its disposable) while the sink holds the
  /// subscriber (`downstream`): the sink lets go of it, so a subscription dropped without
  /// `dispose()` is freed.
  @inlinable
  func endSilently() {
    guard upstream.terminate({}) else { return }
    second.dispose()
    downstream = AnyObserver(eventHandler: { _ in })
  }
}
