import ReactiveEngine

/// A subject with a current value: new subscribers receive the current value, then every event.
///
/// After a terminal event, late subscribers receive only that event and `value()` throws the
/// error (or returns the last value after completion). `value()` reads without a lock from any
/// thread; the subject keeps the value before the current one alive until the next event (another
/// thread may still be reading it), where RxSwift releases it at once.
///
/// ```swift
/// let subject = BehaviorSubject(value: "a")
/// _ = subject.subscribe(onNext: { print($0) })
/// // Prints: a
/// subject.onNext("b")
/// // Prints: b
/// print(try subject.value())
/// // Prints: b
/// ```
public final class BehaviorSubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable
{
  // `current` is read by any thread without a lock and written only under its writer lock;
  // delivery order is the Hub's.
  @usableFromInline
  struct Current {
    @usableFromInline var value: Element
    @usableFromInline var stopped: Event<Element>?

    @inlinable init(value: Element, stopped: Event<Element>?) {
      self.value = value
      self.stopped = stopped
    }
  }

  @usableFromInline let hub: Hub<Element>
  @usableFromInline let current: PublishedState<Current>

  /// Creates a subject holding `value`.
  @inlinable
  public init(value: Element) {
    let hub = Hub<Element>(kind: .behavior, initial: value)
    self.hub = hub
    current = PublishedState(Current(value: value, stopped: nil))
    super.init(hub: hub)
  }

  /// The current value; throws the error the subject failed with.
  public func value() throws -> Element {
    let current = self.current.read()
    if let error = current.stopped?.error { throw error }
    return current.value
  }

  @inlinable
  public func on(_ event: Event<Element>) {
    // The state change and its place in the delivery order are decided under one writer lock.
    // The state displaced from the slots is released after unlocking (it may run user code).
    current.lockWriters()
    let latest = current.latestSlot
    guard latest.pointee.stopped == nil else {
      current.unlockWriters()
      return
    }
    let displaced: Current
    switch event {
    case .next(let element):
      displaced = current.publish(Current(value: element, stopped: nil))
    case .error, .completed:
      displaced = current.publish(Current(value: latest.pointee.value, stopped: event))
    }
    let role = hub.enter(orEnqueue: event)
    current.unlockWriters()
    _ = consume displaced
    hub.finish(role, event)
  }

  /// This subject as an observer.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }

  /// Whether anyone is subscribed.
  public var hasObservers: Bool { hub.hasObservers }
}
