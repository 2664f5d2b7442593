/// Something that receives the events of an observable sequence.
///
/// Observers are called serially: ReactiveCore never calls one observer from two threads at once.
public protocol ObserverType<Element> {
  /// The type of elements this observer receives.
  associatedtype Element

  /// Receives one event.
  func on(_ event: Event<Element>)
}

extension ObserverType {
  /// Sends `.next(element)`.
  @inlinable
  public func onNext(_ element: Element) { on(.next(element)) }

  /// Sends `.completed`.
  @inlinable
  public func onCompleted() { on(.completed) }

  /// Sends `.error(error)`.
  @inlinable
  public func onError(_ error: any Swift.Error) { on(.error(error)) }

  /// This observer, type-erased.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

  /// An observer that transforms elements with `transform` before sending them here.
  @inlinable
  public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element)
    -> AnyObserver<Result>
  {
    AnyObserver(eventHandler: { event in self.on(event.map(transform)) })
  }
}

/// A type-erased observer: a wrapper around an event handler.
///
/// ```swift
/// let printer = AnyObserver<Int>(eventHandler: { print($0) })
/// printer.onNext(1)
/// // Prints: next(1)
/// ```
@frozen
public struct AnyObserver<Element>: ObserverType {
  /// The event handler this observer forwards to.
  public typealias EventHandler = (Event<Element>) -> Void

  @usableFromInline
  let handler: EventHandler

  /// Creates an observer that calls `eventHandler` for every event.
  @inlinable
  public init(eventHandler: @escaping EventHandler) {
    self.handler = eventHandler
  }

  /// Wraps `observer`; wrapping an `AnyObserver` returns it unchanged.
  @inlinable
  public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    if let erased = observer as? AnyObserver<Element> {
      self = erased
    } else {
      self.handler = observer.on
    }
  }

  @inlinable @inline(__always)
  public func on(_ event: Event<Element>) {
    handler(event)
  }

  /// This observer itself: it is already type-erased.
  @inlinable
  public func asObserver() -> AnyObserver<Element> { self }
}
