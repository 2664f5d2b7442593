/// An observable sequence with a restricted grammar, named by its `Trait`: the common shape of
/// `Single`, `Maybe` and `Completable` (RxSwift's "traits").
///
/// A trait states in its type what a call can produce: a network request is a `Single<Response>`
/// (exactly one value or an error), a cache lookup a `Maybe<Value>` (a value, nothing, or an
/// error), a write a `Completable` (done or an error). Traits are cold, immutable values: each
/// subscription runs the underlying work anew. They are `Sendable` and may be shared across
/// threads and tasks.
///
/// ```swift
/// let answer = Single<Int>.just(42).map { $0 + 1 }
/// _ = answer.subscribe(onSuccess: { print($0) })
/// // Prints: 43
/// ```
///
/// Every trait converts back with `asObservable()`; a `Single` emits `next(value), completed`, a
/// `Maybe` emits at most one `next` and then `completed`, a `Completable` only terminates.
@frozen
public struct PrimitiveSequence<Trait, Element>: Sendable {
  /// The underlying sequence. Every construction path guarantees it obeys the trait's grammar.
  @usableFromInline
  let source: Observable<Element>

  /// Wraps `source`, which must already obey the trait's grammar.
  @inlinable
  init(raw source: Observable<Element>) {
    self.source = source
  }
}

/// A type that is a `PrimitiveSequence`: lets extensions constrain on `Trait`
/// (`extension PrimitiveSequenceType where Trait == SingleTrait`).
public protocol PrimitiveSequenceType<Trait, Element> {
  /// The trait: `SingleTrait`, `MaybeTrait` or `CompletableTrait`.
  associatedtype Trait
  /// The type of the value (`Never` for `Completable`).
  associatedtype Element

  /// This sequence as a `PrimitiveSequence`.
  var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
  @inlinable
  public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
  /// The trait as a plain `Observable`.
  @inlinable
  public func asObservable() -> Observable<Element> { source }
}

/// The trait of `Single`: exactly one element, or an error.
public enum SingleTrait {}

/// The trait of `Maybe`: one element, completion without an element, or an error.
public enum MaybeTrait {}

/// The trait of `Completable`: completion or an error, never an element.
public enum CompletableTrait {}

/// Exactly one element or an error: the shape of a request/response call.
///
/// Events reach subscribers as a `SingleEvent` (`Result<Element, Error>`); see
/// `subscribe(onSuccess:onFailure:onDisposed:)`.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// One element, nothing, or an error.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// Completion or an error; no elements.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

extension PrimitiveSequence {
  /// A trait that calls `factory` on every subscription and subscribes to its result.
  /// A throwing factory yields an error.
  @inlinable
  public static func deferred(
    _ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.deferred { try factory().source })
  }

  /// A trait that fails with `error` at once.
  @inlinable
  public static func error(_ error: any Swift.Error) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.error(error))
  }

  /// A trait that never emits and never terminates.
  @inlinable
  public static func never() -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.never())
  }

  /// Switches to the trait returned by `handler` when this one fails.
  ///
  /// A throwing `handler` sends its error downstream.
  ///
  /// ```swift
  /// struct MyError: Error {}
  /// let value = Single<Int>.error(MyError()).catch { _ in .just(0) }
  /// _ = value.subscribe(onSuccess: { print($0) })
  /// // Prints: 0
  /// ```
  @inlinable
  public func `catch`(
    _ handler: @escaping (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.catchForTraits { try handler($0).source })
  }
}
