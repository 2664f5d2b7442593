/// Receives the source and the `other` sequence of `take(until:)` / `skip(until:)` through one
/// `Serializer`.
///
/// Both operators forward `other`'s error and let its completion only dispose it. They differ in
/// what `other`'s first element does: `take(until:)` completes the result; `skip(until:)` starts
/// forwarding the source (until then the source's elements are dropped and its completion ends
/// the result silently, as in RxSwift).
@usableFromInline
final class UntilSink<Element, Other>: Disposable, @unchecked Sendable {
  // `serializer` runs `handle` one item at a time (so `forwarding` is only touched there);
  // the disposables are thread-safe.
  @usableFromInline enum Item {
    case source(Event<Element>)
    case other(Event<Other>)
  }

  @usableFromInline let downstream: AnyObserver<Element>
  /// The source subscription; its flags also record termination and disposal of the whole sink.
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let other = SingleAssignmentDisposable()
  /// `true` for `take(until:)`: `other`'s first element completes the result.
  @usableFromInline let completesOnOther: Bool
  /// Whether source elements reach downstream (`skip(until:)` starts with `false`).
  @usableFromInline @exclusivity(unchecked) var forwarding: Bool
  @usableFromInline var serializer: Serializer<Item>!
  @usableFromInline let token = ResourceToken()

  /// `completesOnOther`: `true` for `take(until:)`, `false` for `skip(until:)`.
  @inlinable
  init(downstream: AnyObserver<Element>, completesOnOther: Bool) {
    self.downstream = downstream
    self.completesOnOther = completesOnOther
    self.forwarding = completesOnOther
    serializer = Serializer { [unowned self] item in self.handle(item) }
  }

  @inlinable
  func onSource(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    serializer.submit(.source(event))
  }

  @inlinable
  func onOther(_ event: Event<Other>) {
    guard !upstream.isStopped else { return }
    serializer.submit(.other(event))
  }

  @inlinable
  func handle(_ item: Item) {
    guard !upstream.isStopped else { return }
    switch item {
    case .source(.next(let element)):
      if forwarding { downstream.on(.next(element)) }
    case .source(.error(let error)), .other(.error(let error)):
      terminate(.error(error))
    case .source(.completed):
      if forwarding {
        terminate(.completed)
      } else if upstream.tryTerminate() {
        dispose()
      }
    case .other(.next):
      if completesOnOther {
        terminate(.completed)
      } else {
        forwarding = true
        other.dispose()
      }
    case .other(.completed):
      other.dispose()
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    dispose()
  }

  @inlinable
  func dispose() {
    other.dispose()
    upstream.dispose()
  }
}
