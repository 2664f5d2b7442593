/// A subject that replays up to `bufferSize` recent elements to each new subscriber, and after
/// termination replays them followed by the terminal event.
///
/// ```swift
/// let subject = ReplaySubject<Int>.create(bufferSize: 1)
/// subject.onNext(1); subject.onNext(2)
/// _ = subject.subscribe(onNext: { print($0) })
/// // Prints: 2
/// ```
public final class ReplaySubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
  // Hub serializes
  @usableFromInline let hub: Hub<Element>

  @inlinable
  init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
    let hub = Hub<Element>(kind: .replay(bufferSize: bufferSize))
    self.hub = hub
    super.init(hub: hub)
  }

  /// Creates a subject that replays the last `bufferSize` elements.
  @inlinable
  public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    ReplaySubject(bufferSize: bufferSize)
  }

  /// Creates a subject that replays every element it ever received (RxSwift 6's name): the
  /// buffer grows without limit, so use it only where the sequence stays short.
  @inlinable
  public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(bufferSize: .max)
  }

  /// ``createUnbounded()`` under RxSwift 5's name, which `ReplayRelay.createUnbound()` keeps.
  @inlinable
  public static func createUnbound() -> ReplaySubject<Element> {
    createUnbounded()
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
