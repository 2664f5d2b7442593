/// A relay that replays up to `bufferSize` recent values to each new subscriber.
///
/// Never errors or completes; thread-safe like `PublishRelay`.
///
/// ```swift
/// let relay = ReplayRelay<Int>.create(bufferSize: 2)
/// relay.accept(1); relay.accept(2); relay.accept(3)
/// _ = relay.subscribe(onNext: { print($0) })
/// // Prints: 2
/// // Prints: 3
/// ```
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {  // Hub serializes
  @usableFromInline let hub: Hub<Element>

  @inlinable
  init(bufferSize: Int) {
    precondition(bufferSize >= 0, "ReplayRelay: bufferSize must not be negative")
    hub = Hub(kind: .replay(bufferSize: bufferSize))
  }

  /// Creates a relay that replays the last `bufferSize` values.
  @inlinable
  public static func create(bufferSize: Int) -> ReplayRelay<Element> {
    ReplayRelay(bufferSize: bufferSize)
  }

  /// Creates a relay that replays every value it ever received.
  @inlinable
  public static func createUnbound() -> ReplayRelay<Element> {
    ReplayRelay(bufferSize: .max)
  }

  /// Sends `element` to every subscriber and buffers it for later ones.
  @inlinable
  public func accept(_ element: Element) {
    hub.send(.next(element))
  }

  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    hub.subscribe(observer)
  }

  @inlinable
  public func asObservable() -> Observable<Element> {
    Observable(hub: hub)
  }

  /// Whether anyone is subscribed.
  public var hasObservers: Bool { hub.hasObservers }
}
