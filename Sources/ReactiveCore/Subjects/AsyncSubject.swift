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
public final class AsyncSubject<Element>: ObservableType, ObserverType, @unchecked Sendable {
  // Hub serializes
  @usableFromInline let hub: Hub<Element>
  @usableFromInline let observable: Observable<Element>

  /// Creates a subject.
  @inlinable
  public init() {
    hub = Hub(kind: .async)
    observable = .subject(hub)
  }

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
