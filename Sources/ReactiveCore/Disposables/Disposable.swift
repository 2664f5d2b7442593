/// A resource that can be released: a subscription, scheduled work, a connection.
///
/// `dispose()` may be called more than once and from any thread; only the first call acts.
/// For subscriptions made with `subscribe`, `dispose()` is a barrier: once it returns, the
/// observer receives nothing more, even when another thread is emitting; calling it from inside
/// that observer's own callback is allowed and does not deadlock.
///
/// Disposables are objects (`AnyObject`), unlike RxSwift's protocol: a subscription has identity
/// and a lifetime, and a class-bound `any Disposable` is one reference that is retained and
/// released directly, where an unconstrained existential is copied and destroyed through value
/// witnesses on every store and drop (a measurable share of a subscribe/dispose pair).
/// Conform a `final class`; `Disposables.create(with:)` covers the one-closure case.
public protocol Disposable: AnyObject {
  /// Releases the resource. Idempotent.
  func dispose()
}

/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
  /// `true` once `dispose()` has been called.
  var isDisposed: Bool { get }
}

extension Disposable {
  /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
  ///
  /// ```swift
  /// let relay = PublishRelay<Int>()
  /// relay.subscribe(onNext: { print($0) }).disposed(by: bag)
  /// ```
  @inlinable
  public consuming func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}

/// Factory functions for the common disposables.
public enum Disposables {
  /// A disposable that does nothing.
  @inlinable
  public static func create() -> Disposable { NopDisposable.instance }

  /// A disposable that runs `dispose` once, on the first call to `dispose()`.
  ///
  /// ```swift
  /// let d = Disposables.create { print("released") }
  /// d.dispose(); d.dispose()
  /// // Prints: released
  /// ```
  @inlinable
  public static func create(with dispose: @escaping () -> Void) -> Cancelable {
    AnonymousDisposable(dispose)
  }

  /// A disposable that disposes both arguments, in order.
  @inlinable
  public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2])
  }

  /// A disposable that disposes all three arguments, in order.
  @inlinable
  public static func create(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable
  ) -> Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2, disposable3])
  }

  /// A disposable that disposes all arguments, in order.
  @inlinable
  public static func create(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
    _ disposables: Disposable...
  ) -> Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
  }

  /// A disposable that disposes every element of `disposables`, in order.
  @inlinable
  public static func create(_ disposables: [Disposable]) -> Cancelable {
    CompositeDisposable(disposables: disposables)
  }
}

/// The disposable that does nothing (`Disposables.create()`).
@usableFromInline
final class NopDisposable: Disposable, Sendable {
  /// The one instance: `Disposables.create()` never allocates.
  @usableFromInline static let instance = NopDisposable()
  @inlinable init() {}
  @inlinable func dispose() {}
}
