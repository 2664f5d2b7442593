/// An observable sequence that cannot fail: elements and possibly completion, never an error.
///
/// Use it where an error has no meaning for the consumer, such as UI bindings: the type
/// guarantees that a subscription cannot end by surprise. Build one from a relay
/// (`relay.asInfallible()`), with `Infallible.create`, or from any observable by saying what to
/// do with its error (`asInfallible(onErrorJustReturn:)`, `onErrorFallbackTo:`,
/// `onErrorRecover:`). `Infallible` is a `Sendable` value.
///
/// ```swift
/// struct MyError: Error {}
/// let names = Observable<String>.error(MyError()).asInfallible(onErrorJustReturn: "offline")
/// _ = names.subscribe(onNext: { print($0) }, onCompleted: { print("done") })
/// // Prints: offline
/// // Prints: done
/// ```
@frozen
public struct Infallible<Element>: InfallibleType, Sendable {
  /// The underlying sequence; every construction path guarantees it never errors.
  @usableFromInline
  let source: Observable<Element>

  /// Wraps `source`, which must never error.
  @inlinable
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// This sequence as a plain `Observable` (which never errors).
  @inlinable
  public func asObservable() -> Observable<Element> { source }
}

/// A type that is an `Infallible`.
public protocol InfallibleType<Element>: ObservableConvertibleType {}

/// What an `Infallible` delivers: an element or completion.
@frozen
public enum InfallibleEvent<Element> {
  /// The next element.
  case next(Element)
  /// The sequence ended.
  case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension Infallible {
  /// Creates an `Infallible` from a subscribe function that reports `InfallibleEvent`s.
  ///
  /// Nothing is delivered after `.completed`; after it the returned disposable is disposed.
  ///
  /// ```swift
  /// let ticks = Infallible<Int>.create { observer in
  ///   observer(.next(1))
  ///   observer(.completed)
  ///   return Disposables.create()
  /// }
  /// _ = ticks.subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// ```
  @inlinable
  public static func create(
    subscribe: @escaping (@escaping (InfallibleEvent<Element>) -> Void) -> Disposable
  ) -> Infallible<Element> {
    Infallible(raw: Observable.create { observer in subscribe { $0.send(to: observer) } })
  }

  /// Subscribes with callbacks for elements, completion and disposal.
  ///
  /// Same lifetime rules as `Observable`'s `subscribe(onNext:onError:onCompleted:onDisposed:)`.
  @inlinable
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    source.subscribe(
      onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes with callbacks that receive `object` (held weakly) as their first argument.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    source.subscribe(
      with: object, onNext: onNext, onError: nil, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }

  /// Subscribes with one closure that receives every event (never `.error`).
  @inlinable
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    source.subscribe(on)
  }

  /// Subscribes `observer` to the events of this sequence (never `.error`).
  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// Itself.
  @inlinable
  public func asInfallible() -> Infallible<Element> { self }

  /// An `Infallible` that emits `element` and completes.
  @inlinable
  public static func just(_ element: Element) -> Infallible<Element> {
    Infallible(raw: Observable.just(element))
  }

  /// An `Infallible` that emits the arguments in order and completes.
  @inlinable
  public static func of(_ elements: Element...) -> Infallible<Element> {
    Infallible(raw: Observable.from(elements))
  }

  /// An `Infallible` that emits the elements of `sequence` in order and completes.
  @inlinable
  public static func from<S: Sequence>(_ sequence: S) -> Infallible<Element>
  where S.Element == Element {
    Infallible(raw: Observable.from(sequence))
  }

  /// An `Infallible` that completes at once.
  @inlinable
  public static func empty() -> Infallible<Element> {
    Infallible(raw: Observable.empty())
  }

  /// An `Infallible` that never emits and never terminates.
  @inlinable
  public static func never() -> Infallible<Element> {
    Infallible(raw: Observable.never())
  }

  /// An `Infallible` that calls `factory` on every subscription and subscribes to its result.
  @inlinable
  public static func deferred(_ factory: @escaping () -> Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(raw: Observable.deferred { factory().source })
  }

  /// Transforms each element. `transform` cannot throw: an `Infallible` cannot fail.
  ///
  /// ```swift
  /// _ = Infallible.of(1, 2).map { $0 * 10 }.subscribe(onNext: { print($0) })
  /// // Prints: 10
  /// // Prints: 20
  /// ```
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
    Infallible<Result>(raw: source.map(transform))
  }

  /// Emits only the elements that satisfy `predicate`.
  @inlinable
  public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
    Infallible(raw: source.filter(predicate))
  }

  /// Emits the non-`nil` results of `transform`.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
    -> Infallible<Result>
  {
    Infallible<Result>(raw: source.map(transform).filter { $0 != nil }.map { $0! })
  }
}

extension ObservableConvertibleType {
  /// An `Infallible` that emits `element` and completes in place of this sequence's error.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// _ = Observable<Int>.error(MyError()).asInfallible(onErrorJustReturn: 0)
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: 0
  /// ```
  @inlinable
  public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
    Infallible(raw: asObservable().catchForTraits { _ in Observable.just(element) })
  }

  /// An `Infallible` that continues with `infallible` in place of this sequence's error.
  @inlinable
  public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(raw: asObservable().catchForTraits { _ in infallible.source })
  }

  /// An `Infallible` that continues with `recover(error)` in place of this sequence's error.
  @inlinable
  public func asInfallible(
    onErrorRecover recover: @escaping (any Swift.Error) -> Infallible<Element>
  ) -> Infallible<Element> {
    Infallible(raw: asObservable().catchForTraits { recover($0).source })
  }
}
