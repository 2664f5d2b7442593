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
public final class PublishSubject<Element>: ObservableType, ObserverType, @unchecked Sendable {
  // Hub serializes
  @usableFromInline let hub = Hub<Element>(kind: .publish)

  /// Creates a subject with no subscribers.
  @inlinable
  public init() {}

  /// Sends `event` to every subscriber; ignored after a terminal event.
  @inlinable
  public func on(_ event: Event<Element>) {
    hub.send(event)
  }

  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    hub.subscribe(observer)
  }

  @inlinable
  public func asObservable() -> Observable<Element> {
    let hub = self.hub
    return Observable(subscribeHandler: { hub.subscribe($0) }, leafHandler: { hub.subscribe($0) })
  }

  /// This subject as an observer.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: hub.send) }

  /// Whether anyone is subscribed.
  public var hasObservers: Bool { hub.hasObservers }
}
