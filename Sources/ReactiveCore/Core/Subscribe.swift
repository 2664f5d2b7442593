extension ObservableType {
  /// Subscribes with closures for elements, the error, completion and disposal.
  ///
  /// `onDisposed` runs once: after a terminal event or on `dispose()`. Disposing is a barrier:
  /// once `dispose()` returns no closure is called again, even while another thread emits; calling
  /// it from inside `onNext` is allowed. The closures are released once the subscription ends.
  /// An error with no `onError` handler goes to `Hooks.defaultErrorHandler` (which, by default,
  /// prints it to standard error in debug builds).
  ///
  /// ```swift
  /// let subscription = Observable.of(1, 2).subscribe(
  ///   onNext: { print($0) }, onCompleted: { print("done") })
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: done
  /// subscription.dispose()
  /// ```
  @inlinable
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onError: ((any Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    SubscriberLeaf<Element>(
      onNext: onNext, onError: onError ?? Hooks.unhandledErrorHandlerRecordingCallStack(),
      onCompleted: onCompleted, onDisposed: onDisposed
    ).subscribe(to: self)
  }

  /// Subscribes with one closure that receives every event.
  ///
  /// Same lifetime rules as `subscribe(onNext:onError:onCompleted:onDisposed:)`.
  @inlinable
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    subscribe(
      onNext: { on(.next($0)) }, onError: { on(.error($0)) }, onCompleted: { on(.completed) })
  }

  /// Subscribes with closures that receive `object` as their first argument. `object` is held
  /// weakly: once it is deallocated the closures are skipped.
  ///
  /// ```swift
  /// final class Screen {
  ///   let bag = DisposeBag()
  ///   func render(_ value: Int) { print(value) }
  ///   func bind(to relay: PublishRelay<Int>) {
  ///     relay.subscribe(with: self, onNext: { owner, value in owner.render(value) })
  ///       .disposed(by: bag)
  ///   }
  /// }
  /// ```
  @inlinable
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onError: ((Object, any Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onNext: bindWeakly(object, onNext), onError: bindWeakly(object, onError),
      onCompleted: bindWeakly(object, onCompleted), onDisposed: bindWeakly(object, onDisposed))
  }
}

/// `body` with `object` as its first argument, holding `object` weakly: once it is deallocated
/// the returned closure does nothing. Backs the `subscribe(with:...)` overloads.
@inlinable
func bindWeakly<Object: AnyObject, Value>(
  _ object: Object, _ body: ((Object, Value) -> Void)?
) -> ((Value) -> Void)? {
  body.map { body in { [weak object] value in if let object { body(object, value) } } }
}

/// `body` with `object` as its argument, holding `object` weakly (see the overload above).
@inlinable
func bindWeakly<Object: AnyObject>(_ object: Object, _ body: ((Object) -> Void)?) -> (() -> Void)? {
  body.map { body in { [weak object] in if let object { body(object) } } }
}
