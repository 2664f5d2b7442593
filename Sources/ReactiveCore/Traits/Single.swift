/// What a `Single` delivers: its one element, or its error (RxSwift 6's `SingleEvent`).
public typealias SingleEvent<Element> = Result<Element, any Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// The callback `Single.create` hands to its subscribe function.
  public typealias SingleObserver = (SingleEvent<Element>) -> Void

  /// Creates a `Single` from a subscribe function that reports one `SingleEvent`.
  ///
  /// `subscribe` runs once per subscription and returns what cancels the work. Only the first
  /// event counts; later ones are ignored, and after it the returned disposable is disposed.
  ///
  /// ```swift
  /// let answer = Single<Int>.create { observer in
  ///   observer(.success(42))
  ///   return Disposables.create()
  /// }
  /// _ = answer.subscribe(onSuccess: { print($0) })
  /// // Prints: 42
  /// ```
  @inlinable
  public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable)
    -> Single<Element>
  {
    Single(raw: Observable.create { observer in subscribe { $0.send(to: observer) } })
  }

  /// Subscribes with one callback that receives the result.
  ///
  /// Same lifetime rules as `subscribe(onSuccess:onFailure:onDisposed:)`.
  @inlinable
  public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
    primitiveSequence.source.subscribeFirstOutcome(observer)
  }

  /// Subscribes with callbacks for the element, the error and disposal.
  ///
  /// `onDisposed` runs once, after `onSuccess`/`onFailure` or on `dispose()`; `dispose()` is a
  /// barrier (nothing is called once it returns). A failure with no `onFailure` handler is
  /// printed to standard error in debug builds.
  ///
  /// ```swift
  /// _ = Single.just(1).subscribe(
  ///   onSuccess: { print("got", $0) }, onDisposed: { print("disposed") })
  /// // Prints: got 1
  /// // Prints: disposed
  /// ```
  @inlinable
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onFailure: ((any Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribeOutcome(
      onSuccess: onSuccess, onError: onFailure, onCompleted: nil, onDisposed: onDisposed)
  }

  /// Subscribes with callbacks that receive `object` (held weakly) as their first argument;
  /// once `object` is gone the callbacks are skipped.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onFailure: ((Object, any Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribeOutcome(
      with: object, onSuccess: onSuccess, onError: onFailure, onCompleted: nil,
      onDisposed: onDisposed)
  }

  /// A `Single` that succeeds with `element`.
  @inlinable
  public static func just(_ element: Element) -> Single<Element> {
    Single(raw: Observable.just(element))
  }

  /// Transforms the element; a throwing `transform` fails the `Single`.
  ///
  /// ```swift
  /// _ = Single.just(2).map { $0 * 10 }.subscribe(onSuccess: { print($0) })
  /// // Prints: 20
  /// ```
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
    Single(raw: primitiveSequence.source.map(transform))
  }

  /// Continues with the `Single` that `selector` returns for the element.
  ///
  /// ```swift
  /// func user(id: Int) -> Single<String> { .just("user \(id)") }
  /// _ = Single.just(7).flatMap(user(id:)).subscribe(onSuccess: { print($0) })
  /// // Prints: user 7
  /// ```
  @inlinable
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>)
    -> Single<Result>
  {
    Single(raw: primitiveSequence.source.flatMapForTraits { try selector($0).source })
  }

  /// Continues with the `Maybe` that `selector` returns for the element.
  @inlinable
  public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>)
    -> Maybe<Result>
  {
    Maybe(raw: primitiveSequence.source.flatMapForTraits { try selector($0).source })
  }

  /// Continues with the `Completable` that `selector` returns for the element.
  @inlinable
  public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable)
    -> Completable
  {
    Completable(raw: primitiveSequence.source.flatMapForTraits { try selector($0).source })
  }

  /// Succeeds with `element` instead of failing.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// _ = Single<Int>.error(MyError()).catchAndReturn(0).subscribe(onSuccess: { print($0) })
  /// // Prints: 0
  /// ```
  @inlinable
  public func catchAndReturn(_ element: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.catchForTraits { _ in Observable.just(element) })
  }

  /// A `Maybe` that succeeds or fails as this `Single` does.
  @inlinable
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source)
  }

  /// A `Completable` that completes when this `Single` succeeds (dropping the element).
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: primitiveSequence.source.ignoreElementsForTraits())
  }

  /// A `Maybe` with the element when it satisfies `predicate`, otherwise empty.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// Runs side effects for the events of this `Single` without changing them.
  ///
  /// `onSuccess`/`onError` run before the event is forwarded, `afterSuccess`/`afterError`
  /// after; `onSubscribe` runs before subscribing, `onSubscribed` after; `onDispose` on any
  /// disposal, terminal events included. A throwing callback fails the `Single`.
  @inlinable
  public func `do`(
    onSuccess: ((Element) throws -> Void)? = nil,
    afterSuccess: ((Element) throws -> Void)? = nil,
    onError: ((any Swift.Error) throws -> Void)? = nil,
    afterError: ((any Swift.Error) throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Single<Element> {
    Single(
      raw: primitiveSequence.source.do(
        onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
        onCompleted: nil, afterCompleted: nil, onSubscribe: onSubscribe,
        onSubscribed: onSubscribed, onDispose: onDispose))
  }
}
