/// How a ``SharedSequence`` delivers and shares: the scheduler its elements arrive on, and the
/// way one subscription to the source is shared between its observers.
///
/// ReactiveCore ships two strategies, with RxCocoa's semantics: ``DriverSharingStrategy``
/// (main scheduler, replays the latest element) and ``SignalSharingStrategy`` (main scheduler,
/// no replay).
public protocol SharingStrategyProtocol {
  /// The scheduler elements are delivered on, and the clock of the time operators.
  static var scheduler: SchedulerType { get }

  /// Shares one subscription to `source` between all observers of the result.
  static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A sequence with UI guarantees, as in RxCocoa: it never errors, delivers on its strategy's
/// scheduler (the main thread for ``Driver`` and ``Signal``), and shares one subscription to its
/// source between all observers.
///
/// Build one from any observable by saying what replaces an error
/// (`asDriver(onErrorJustReturn:)`, `asSignal(onErrorRecover:)`, …), or from a relay
/// (`behaviorRelay.asDriver()`, `publishRelay.asSignal()`). Transform it with the operators that
/// keep the guarantees (`map`, `filter`, `flatMapLatest`, `combineLatest`, `debounce`, …), and
/// consume it with `drive(...)` (Driver) or `emit(...)` (Signal), on the main thread.
///
/// ```swift
/// let names = BehaviorRelay(value: "Ada")
/// let greeting: Driver<String> = names.asDriver().map { "Hello, \($0)" }
/// greeting.drive(onNext: { print($0) }).disposed(by: bag)
/// ```
///
/// Thread safety: a `SharedSequence` is an immutable value around a shared observable and may be
/// passed between threads; its elements always arrive on the strategy's scheduler.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>:
  SharedSequenceConvertibleType, ObservableConvertibleType, @unchecked Sendable
{
  // @unchecked: the only stored property is an `Observable`, an immutable class whose operations
  // are thread-safe; the generic parameters are phantom or element types never stored here.
  @usableFromInline let source: Observable<Element>

  /// Wraps `source` (which must deliver on the strategy's scheduler and never error) and shares it.
  @inlinable
  init(_ source: Observable<Element>) {
    self.source = SharingStrategy.share(source)
  }

  /// Wraps `source` as it is: it must already deliver on the strategy's scheduler, never error
  /// and share as the strategy does (or be harmless to subscribe to more than once).
  @inlinable
  init(raw source: Observable<Element>) {
    self.source = source
  }

  /// This sequence as a plain observable (which never errors).
  @inlinable
  public func asObservable() -> Observable<Element> { source }

  /// Itself.
  @inlinable
  public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }

  /// This sequence as an `Infallible` (it cannot fail).
  public func asInfallible() -> Infallible<Element> {
    asInfallible(onErrorFallbackTo: .empty())
  }

  /// Wraps `source` as it is, without sharing it or moving it to the strategy's scheduler: the
  /// way to add a shared-sequence operator outside this module.
  ///
  /// Unsafe because nothing checks the promises: `source` must never error, must deliver on
  /// the strategy's scheduler and must share as the strategy does. RxCocoa difference: RxCocoa
  /// compiles this in only under `EXPANDABLE_SHARED_SEQUENCE`; here it is always available.
  ///
  /// - Parameter source: A sequence that keeps the promises above.
  /// - Returns: `source` as a shared sequence.
  public static func createUnsafe<Source: ObservableType>(source: Source)
    -> SharedSequence<SharingStrategy, Source.Element>
  {
    SharedSequence<SharingStrategy, Source.Element>(raw: source.asObservable())
  }
}

/// A type that can be turned into a ``SharedSequence``.
public protocol SharedSequenceConvertibleType<Element>: ObservableConvertibleType {
  /// The sharing strategy of the sequence.
  associatedtype SharingStrategy: SharingStrategyProtocol

  /// This value as a ``SharedSequence``.
  func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

// MARK: - Creation

extension SharedSequence {
  /// A sequence that emits `element` on the strategy's scheduler and completes.
  @inlinable
  public static func just(_ element: Element) -> SharedSequence {
    SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
  }

  /// A sequence that completes on the strategy's scheduler without emitting.
  @inlinable
  public static func empty() -> SharedSequence {
    SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
  }

  /// A sequence that never emits and never completes.
  @inlinable
  public static func never() -> SharedSequence {
    SharedSequence(raw: Observable.never())
  }

  /// A sequence that emits the arguments in order on the strategy's scheduler, then completes.
  @inlinable
  public static func of(_ elements: Element...) -> SharedSequence {
    from(elements)
  }

  /// A sequence that emits the elements of `array` in order on the strategy's scheduler, then
  /// completes.
  @inlinable
  public static func from(_ array: [Element]) -> SharedSequence {
    SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that emits the elements of `sequence` in order on the strategy's scheduler,
  /// then completes.
  ///
  /// - Parameter sequence: The elements to emit.
  /// - Returns: A shared sequence of them.
  @inlinable
  public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence
  where Sequence.Element == Element {
    SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that emits `optional`'s value if there is one, then completes, each on the
  /// strategy's scheduler (as `Observable.from(optional:scheduler:)`: the completion is a step of
  /// its own, after the value).
  @inlinable
  public static func from(optional: Element?) -> SharedSequence {
    SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
  }

  /// A sequence that calls `factory` for every subscription and forwards what it returns.
  @inlinable
  public static func deferred(_ factory: @escaping () -> SharedSequence) -> SharedSequence {
    SharedSequence(Observable.deferred { factory().asObservable() })
  }
}

// MARK: - Time

extension SharedSequence where Element: FixedWidthInteger {
  /// Emits `0, 1, 2, …`, one element every `period` on the strategy's scheduler, the first one
  /// `period` after subscription; it never completes.
  ///
  /// - Parameter period: The time between elements.
  /// - Returns: The shared sequence of counts.
  public static func interval(_ period: RxTimeInterval) -> SharedSequence {
    SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
  }

  /// Emits `0` after `dueTime`, then `1, 2, …` every `period`, on the strategy's scheduler.
  ///
  /// - Parameters:
  ///   - dueTime: The time before the first element.
  ///   - period: The time between later elements.
  /// - Returns: The shared sequence of counts.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence {
    SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
  }
}
