/// A type that can be turned into a ``ControlEvent``.
public protocol ControlEventType: ObservableType {
  /// This value as a ``ControlEvent``.
  func asControlEvent() -> ControlEvent<Element>
}

/// An event of a UI element (a tap, an editing end), as in RxCocoa: it sends no initial value,
/// completes when the element goes away, never errors, and delivers on the main thread.
///
/// `ControlEvent(events:)` subscribes to `events` on the main thread (at once when subscribed
/// there); the other properties are the maker's promise: wrap only a sequence that keeps them.
///
/// ```swift
/// let taps = PublishRelay<Void>()   // what a button's target-action would feed
/// let tap = ControlEvent(events: taps)
/// tap.asSignal().emit(onNext: { print("tapped") }).disposed(by: bag)
/// taps.accept(())
/// // Prints (on the main thread): tapped
/// ```
///
/// Thread safety: an immutable value; subscribe from any thread (the subscription to `events`
/// is made on the main thread).
public struct ControlEvent<PropertyType>: ControlEventType, @unchecked Sendable {
  // @unchecked: the only stored property is an `Observable`, an immutable class whose operations
  // are thread-safe; the element type is never stored here.

  /// The type of the events.
  public typealias Element = PropertyType

  let events: Observable<PropertyType>

  /// Wraps `events`, which must keep the promises of the type (see its documentation).
  ///
  /// - Parameter events: The events of the UI element.
  public init<Events: ObservableType>(events: Events) where Events.Element == Element {
    self.events = events.subscribe(on: MainScheduler())
  }

  /// Subscribes `observer` to the events.
  ///
  /// - Parameter observer: Receives the events.
  /// - Returns: A disposable that ends the subscription.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    events.subscribe(observer)
  }

  /// The events as an `Observable`.
  public func asObservable() -> Observable<Element> { events }

  /// Itself.
  public func asControlEvent() -> ControlEvent<Element> { self }

  /// The events as an `Infallible` (a control event cannot fail).
  public func asInfallible() -> Infallible<Element> {
    asInfallible(onErrorFallbackTo: .empty())
  }

  /// The events as a ``Driver`` (a control event cannot fail, so no recovery is needed).
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorRecover: { _ in controlTraitFailed("Driver") })
  }

  /// The events as a ``Signal`` (a control event cannot fail, so no recovery is needed).
  public func asSignal() -> Signal<Element> {
    asSignal(onErrorRecover: { _ in controlTraitFailed("Signal") })
  }
}

/// A control event or property failed, which its maker promised it would not: debug builds
/// stop; release builds end the sequence quietly, as RxCocoa does.
func controlTraitFailed<Strategy, Element>(_ trait: StaticString)
  -> SharedSequence<Strategy, Element>
{
  #if DEBUG
    fatalError("A \(trait) received an error from a control event or property, which cannot fail.")
  #else
    return .empty()
  #endif
}
