import ReactiveEngine

/// A relay with a current value: new subscribers receive the current value first, then every
/// accepted value.
///
/// Never errors or completes. `value` is readable from any thread without a lock and reflects the
/// last accepted value at once, even when delivery of that value is still queued behind a
/// re-entrant call. The relay keeps the value accepted before the current one alive until the next
/// `accept` (another thread may still be reading it); RxSwift releases it at once.
///
/// ```swift
/// let count = BehaviorRelay(value: 0)
/// let subscription = count.subscribe(onNext: { print($0) })
/// // Prints: 0
/// count.accept(count.value + 1)
/// // Prints: 1
/// subscription.dispose()
/// ```
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
  // `current` is read by any thread without a lock and written only under its writer lock;
  // delivery order is the Hub's.
  @usableFromInline let hub: Hub<Element>
  @usableFromInline let current: PublishedState<Element>

  /// Creates a relay holding `value`.
  @inlinable
  public init(value: Element) {
    hub = Hub(kind: .behavior, initial: value)
    current = PublishedState(value)
  }

  /// The current (last accepted) value.
  @inlinable
  public var value: Element {
    current.read()
  }

  /// Sets the current value and sends it to every subscriber.
  @inlinable @inline(__always)
  public func accept(_ element: Element) {
    // Publishing the value and queueing its delivery under one writer lock keeps `value` and the
    // order subscribers see consistent when several threads accept at once. The value displaced
    // from the slots is released after unlocking (its deinitializer may run user code).
    current.lockWriters()
    let displaced = current.publish(element)
    let role = hub.enter(orEnqueue: .next(element))
    current.unlockWriters()
    _ = consume displaced
    hub.finish(role, .next(element))
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
