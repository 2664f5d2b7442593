/// What a `Maybe` delivers: its element, its error, or completion without an element.
@frozen
public enum MaybeEvent<Element> {
  /// The one element; the `Maybe` is done.
  case success(Element)
  /// The `Maybe` failed.
  case error(any Swift.Error)
  /// The `Maybe` completed without an element.
  case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// The callback `Maybe.create` hands to its subscribe function.
  public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

  /// Creates a `Maybe` from a subscribe function that reports one `MaybeEvent`.
  ///
  /// Only the first event counts; after it the returned disposable is disposed.
  ///
  /// ```swift
  /// let cached = Maybe<String>.create { observer in
  ///   observer(.completed)  // nothing cached
  ///   return Disposables.create()
  /// }
  /// _ = cached.subscribe(onSuccess: { print($0) }, onCompleted: { print("empty") })
  /// // Prints: empty
  /// ```
  @inlinable
  public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable)
    -> Maybe<Element>
  {
    Maybe(raw: Observable.create { observer in subscribe { $0.send(to: observer) } })
  }

  /// Subscribes with one callback that receives the outcome.
  @inlinable
  public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
    primitiveSequence.source.subscribeFirstOutcome(observer)
  }

  /// Subscribes with callbacks for the element, the error, completion without an element, and
  /// disposal. Exactly one of `onSuccess`, `onError`, `onCompleted` runs (unless disposed first).
  ///
  /// ```swift
  /// _ = Maybe.just(1).subscribe(onSuccess: { print($0) }, onCompleted: { print("empty") })
  /// // Prints: 1
  /// ```
  @inlinable
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: ((any Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribeOutcome(
      onSuccess: onSuccess, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes with callbacks that receive `object` (held weakly) as their first argument.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onError: ((Object, any Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribeOutcome(
      with: object, onSuccess: onSuccess, onError: onError, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }

  /// A `Maybe` that succeeds with `element`.
  @inlinable
  public static func just(_ element: Element) -> Maybe<Element> {
    Maybe(raw: Observable.just(element))
  }

  /// A `Maybe` that completes without an element.
  @inlinable
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }

  /// Transforms the element; a throwing `transform` fails the `Maybe`.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.map(transform))
  }

  /// Keeps the element only when it satisfies `predicate`.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// Continues with the `Maybe` that `selector` returns for the element; an empty `Maybe`
  /// stays empty.
  @inlinable
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>)
    -> Maybe<Result>
  {
    Maybe(raw: primitiveSequence.source.flatMapForTraits { try selector($0).source })
  }

  /// Succeeds with `element` instead of failing.
  @inlinable
  public func catchAndReturn(_ element: Element) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.catchForTraits { _ in Observable.just(element) })
  }

  /// A `Single` that fails with `RxError.noElements` when this `Maybe` is empty.
  @inlinable
  public func asSingle() -> Single<Element> {
    primitiveSequence.source.asSingle()
  }

  /// A `Completable` that completes when this `Maybe` ends (dropping any element).
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: primitiveSequence.source.ignoreElementsForTraits())
  }

  /// Runs side effects for the events of this `Maybe` without changing them; see `Single.do`.
  @inlinable
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((any Swift.Error) throws -> Void)? = nil,
    afterError: ((any Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Maybe<Element> {
    Maybe(
      raw: primitiveSequence.source.do(
        onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
        onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
        onSubscribed: onSubscribed, onDispose: onDispose))
  }
}
