/// A subject that emits only its last element, and only when it completes.
///
/// On error it emits just the error. Late subscribers receive the same outcome.
///
/// ```swift
/// let subject = AsyncSubject<Int>()
/// _ = subject.subscribe(onNext: { print($0) })
/// subject.onNext(1); subject.onNext(2); subject.onCompleted()
/// // Prints: 2
/// ```
public final class AsyncSubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
  // Hub serializes
  @usableFromInline let hub: Hub<Element>

  /// Creates a subject.
  @inlinable
  public init() {
    let hub = Hub<Element>(kind: .async)
    self.hub = hub
    super.init(hub: hub)
  }

  @inlinable
  public func on(_ event: Event<Element>) {
    hub.send(event)
  }

  /// This subject as an observer.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: hub.send) }

  /// Whether anyone is subscribed.
  public var hasObservers: Bool { hub.hasObservers }
}
