/// What a `Completable` delivers: completion or its error.
@frozen
public enum CompletableEvent: Sendable {
  /// The work failed.
  case error(any Swift.Error)
  /// The work finished.
  case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// The callback `Completable.create` hands to its subscribe function.
  public typealias CompletableObserver = (CompletableEvent) -> Void

  /// Creates a `Completable` from a subscribe function that reports one `CompletableEvent`.
  ///
  /// ```swift
  /// let save = Completable.create { observer in
  ///   observer(.completed)
  ///   return Disposables.create()
  /// }
  /// _ = save.subscribe(onCompleted: { print("saved") })
  /// // Prints: saved
  /// ```
  @inlinable
  public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable)
    -> Completable
  {
    Completable(raw: Observable.create { observer in subscribe { $0.send(to: observer) } })
  }

  /// Subscribes with one callback that receives the outcome.
  @inlinable
  public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
    primitiveSequence.source.subscribe(
      onError: { observer(.error($0)) }, onCompleted: { observer(.completed) })
  }

  /// Subscribes with callbacks for completion, the error and disposal.
  ///
  /// An error with no `onError` handler is printed to standard error in debug builds.
  ///
  /// ```swift
  /// _ = Completable.empty().subscribe(onCompleted: { print("done") })
  /// // Prints: done
  /// ```
  @inlinable
  public func subscribe(
    onCompleted: (() -> Void)? = nil,
    onError: ((any Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribe(
      onNext: nil, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes with callbacks that receive `object` (held weakly) as their first argument.
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onCompleted: ((Object) -> Void)? = nil,
    onError: ((Object, any Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribe(
      with: object, onNext: nil, onError: onError, onCompleted: onCompleted,
      onDisposed: onDisposed)
  }

  /// A `Completable` that completes at once.
  @inlinable
  public static func empty() -> Completable {
    Completable(raw: Observable.empty())
  }

  /// Itself; lets `observable.ignoreElements().asCompletable()` compile.
  @inlinable
  public func asCompletable() -> Completable { primitiveSequence }

  /// Runs side effects for the events of this `Completable` without changing them; see
  /// `Single.do`.
  @inlinable
  public func `do`(
    onError: ((any Swift.Error) throws -> Void)? = nil,
    afterError: ((any Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Completable {
    Completable(
      raw: primitiveSequence.source.do(
        onNext: nil, afterNext: nil, onError: onError, afterError: afterError,
        onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
        onSubscribed: onSubscribed, onDispose: onDispose))
  }
}
