/// A subject with a current value: new subscribers receive the current value, then every event.
///
/// After a terminal event, late subscribers receive only that event and `value()` throws the
/// error (or returns the last value after completion).
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
public final class BehaviorSubject<Element>: ObservableType, ObserverType, @unchecked Sendable {
  // `current` is guarded by its lock; delivery order is the Hub's.
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
  @usableFromInline let current: Locked<Current>

  /// Creates a subject holding `value`.
  @inlinable
  public init(value: Element) {
    hub = Hub(kind: .behavior, initial: value)
    current = Locked(Current(value: value, stopped: nil))
  }

  /// The current value; throws the error the subject failed with.
  public func value() throws -> Element {
    let current = self.current.withLock { $0 }
    if let error = current.stopped?.error { throw error }
    return current.value
  }

  @inlinable
  public func on(_ event: Event<Element>) {
    // The state change and its place in the delivery order are decided under one lock.
    let isDrainer: Bool? = current.withLock { current in
      guard current.stopped == nil else { return nil }
      switch event {
      case .next(let element): current.value = element
      case .error, .completed: current.stopped = event
      }
      return hub.enterOrEnqueue(event)
    }
    if isDrainer == true {
      hub.deliver(event)
      hub.drain()
    } else if isDrainer == false {
      hub.throttle()
    }
  }

  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    hub.subscribe(observer)
  }

  @inlinable
  public func asObservable() -> Observable<Element> {
    let hub = self.hub
    return Observable(subscribeHandler: { hub.subscribe($0) })
  }

  /// This subject as an observer.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { AnyObserver(eventHandler: on) }

  /// Whether anyone is subscribed.
  public var hasObservers: Bool { hub.hasObservers }
}
