/// A type that can be turned into a ``ControlProperty``.
public protocol ControlPropertyType: ObservableType, ObserverType {
  /// This value as a ``ControlProperty``.
  func asControlProperty() -> ControlProperty<Element>
}

/// A property of a UI element (a text field's text, a switch's state), as in RxCocoa: both an
/// observable of its values (the current one on subscription, then the user's changes) and an
/// observer that sets it.
///
/// As an observable it replays the current value to each subscriber, completes when the element
/// goes away, never errors and delivers on the main thread; changes made by code are not
/// reported. `ControlProperty(values:valueSink:)` subscribes to `values` on the main thread; the
/// other properties are the maker's promise.
///
/// ```swift
/// final class TextField { var text: String? = "" }   // stands in for a UITextField
/// let field = TextField()
/// let edits = BehaviorRelay<String?>(value: nil)   // what the field's editing events feed
/// let text = ControlProperty(values: edits, valueSink: Binder(field) { $0.text = $1 })
/// text.orEmpty.asDriver().drive(onNext: { print("[\($0)]") }).disposed(by: bag)
/// // Prints (on the main thread): []
/// Observable.just("typed").bind(to: text).disposed(by: bag)
/// print(field.text ?? "nil")
/// // Prints (on the main thread): typed
/// ```
///
/// Thread safety: an immutable value; subscribe from any thread (the subscription to `values`
/// is made on the main thread); values sent to it reach `valueSink` on the caller's thread. It
/// is not `Sendable` (its sink, usually a ``Binder``, is not): make it where you use it.
public struct ControlProperty<PropertyType>: ControlPropertyType {
  /// The type of the property.
  public typealias Element = PropertyType

  let values: Observable<PropertyType>
  let valueSink: AnyObserver<PropertyType>

  /// Pairs the property's `values` with the observer that sets it.
  ///
  /// - Parameters:
  ///   - values: The property's values, keeping the promises of the type.
  ///   - valueSink: Sets the property (usually a ``Binder``).
  public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
  where Element == Values.Element, Element == Sink.Element {
    self.values = values.subscribe(on: MainScheduler())
    self.valueSink = valueSink.asObserver()
  }

  /// Subscribes `observer` to the property's values.
  ///
  /// - Parameter observer: Receives the values.
  /// - Returns: A disposable that ends the subscription.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    values.subscribe(observer)
  }

  /// The user's changes: every value but the first (the one current at subscription).
  ///
  /// Successive elements may be equal: the name says who made the change, not that it differs.
  public var changed: ControlEvent<PropertyType> {
    ControlEvent(events: values.skip(1))
  }

  /// The values as an `Observable`.
  public func asObservable() -> Observable<Element> { values }

  /// Itself.
  public func asControlProperty() -> ControlProperty<Element> { self }

  /// Sets the property to each element; completion is passed on to `valueSink`, and an error is
  /// a programming error (as for every binding: see `bind(to:)`).
  ///
  /// - Parameter event: The event to bind.
  public func on(_ event: Event<Element>) {
    switch event {
    case .error(let error): bindingError(error)
    case .next, .completed: valueSink.on(event)
    }
  }

  /// The values as a ``Driver`` (a control property cannot fail, so no recovery is needed).
  public func asDriver() -> Driver<Element> {
    asDriver(onErrorRecover: { _ in controlTraitFailed("Driver") })
  }
}

extension ControlPropertyType where Element == String? {
  /// This property with `nil` read as the empty string.
  public var orEmpty: ControlProperty<String> {
    let original = asControlProperty()
    return ControlProperty<String>(
      values: original.values.map { $0 ?? "" },
      valueSink: original.valueSink.mapObserver { Optional($0) })
  }
}
