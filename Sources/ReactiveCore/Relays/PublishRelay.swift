/// A hot stream you push values into: observers receive the values accepted after they subscribed.
///
/// A relay never errors and never completes. `accept` may be called from any thread; observers
/// never receive two values at once, and a value accepted from inside a subscriber is delivered
/// after the current value has reached every subscriber (queued, not recursive).
///
/// ```swift
/// let relay = PublishRelay<String>()
/// let subscription = relay.subscribe(onNext: { print($0) })
/// relay.accept("hello")
/// // Prints: hello
/// subscription.dispose()
/// ```
///
/// - Complexity: `accept` is O(number of subscribers) and allocates nothing in steady state.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {  // Hub serializes
  @usableFromInline let hub = Hub<Element>(kind: .publish)

  /// Creates a relay with no subscribers.
  @inlinable
  public init() {}

  /// Sends `element` to every current subscriber.
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
