/// An observer and an observable at once: events sent to it go to its current subscribers.
///
/// After a terminal event it ignores further events, and a late subscriber receives only the
/// terminal event. Events may be sent from any thread; delivery is serialized and re-entrant sends
/// are queued (see `PublishRelay`).
///
/// ```swift
/// let subject = PublishSubject<Int>()
/// _ = subject.subscribe(onNext: { print($0) }, onCompleted: { print("done") })
/// subject.onNext(1)
/// subject.onCompleted()
/// // Prints: 1
/// // Prints: done
/// ```
public final class PublishSubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
  // Hub serializes
  @usableFromInline let hub: Hub<Element>

  /// Creates a subject with no subscribers.
  @inlinable
  public init() {
    let hub = Hub<Element>(kind: .publish)
    self.hub = hub
    super.init(hub: hub)
  }

  /// Sends `event` to every subscriber; ignored after a terminal event.
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
