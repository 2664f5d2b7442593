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
  @usableFromInline let hub: Hub<Element>
  @usableFromInline let observable: Observable<Element>

  /// Creates a subject with no subscribers.
  @inlinable
  public init() {
    hub = Hub(kind: .publish)
    observable = .subject(hub)
  }

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

  /// The same observable every time (as in RxSwift, where a subject is an `Observable`).
  @inlinable
  public func asObservable() -> Observable<Element> { observable }

  /// This subject as an observer.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: hub.send) }

  /// Whether anyone is subscribed.
  public var hasObservers: Bool { hub.hasObservers }
}

extension Observable {
  /// What a subject's `asObservable()` returns: subscriptions go to `hub`. Each subject makes
  /// one and keeps it, so `subject.asObservable() === subject.asObservable()`.
  @inlinable
  static func subject(_ hub: Hub<Element>) -> Observable<Element> {
    Observable(subscribeHandler: { hub.subscribe($0) }, downstreamHandler: { hub.subscribe($0) })
  }
}
