// Operators that keep a SharedSequence's guarantees, declared on SharedSequenceConvertibleType
// as in RxCocoa (so an extension of the protocol can use them). Each applies the ReactiveCore operator to
// the shared source and shares the result again with the same strategy (as RxCocoa does), so
// every step of a driver chain is one subscription however many observers it has. Closures do
// not throw: a SharedSequence cannot fail. Time operators run on the strategy's scheduler.

extension SharedSequenceConvertibleType {
  /// Transforms each element.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) -> Result)
    -> SharedSequence<SharingStrategy, Result>
  {
    SharedSequence<SharingStrategy, Result>(asSharedSequence().source.map(transform))
  }

  /// Emits the non-`nil` results of `transform`.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
    -> SharedSequence<SharingStrategy, Result>
  {
    SharedSequence<SharingStrategy, Result>(asSharedSequence().source.compactMap(transform))
  }

  /// Emits only the elements that satisfy `predicate`.
  @inlinable
  public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence<SharingStrategy, Element>(asSharedSequence().source.filter(predicate))
  }

  /// Emits `seed` accumulated with each element by `accumulator` (the seed is not emitted).
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate
  ) -> SharedSequence<SharingStrategy, Accumulate> {
    SharedSequence<SharingStrategy, Accumulate>(
      asSharedSequence().source.scan(seed, accumulator: accumulator))
  }

  /// Like ``scan(_:accumulator:)``, mutating the accumulated value in place.
  @inlinable
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) -> Void
  ) -> SharedSequence<SharingStrategy, Accumulate> {
    SharedSequence<SharingStrategy, Accumulate>(
      asSharedSequence().source.scan(into: seed, accumulator: accumulator))
  }

  /// Emits `elements` first, then the elements of this sequence.
  @inlinable
  public func startWith(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(
      raw: Observable.concat(Observable.from(elements), asSharedSequence().source))
  }

  /// Emits an element only if `comparer` says it differs from the previous one.
  @inlinable
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.distinctUntilChanged(comparer))
  }

  /// Emits an element only if its key differs from the previous element's key.
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.distinctUntilChanged(keySelector))
  }

  /// Emits an element only if `comparer` says its key differs from the previous element's key.
  @inlinable
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.distinctUntilChanged(keySelector, comparer: comparer))
  }

  /// Emits an element only if its property at `keyPath` differs from the previous element's.
  @inlinable
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.distinctUntilChanged(at: keyPath))
  }

  /// Combines each element with the latest element of `second` (elements before `second` has
  /// emitted are dropped).
  @inlinable
  public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
    _ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> where Second.SharingStrategy == SharingStrategy {
    SharedSequence<SharingStrategy, Result>(
      asSharedSequence().source.withLatestFrom(
        second.asSharedSequence().source, resultSelector: resultSelector))
  }

  /// The latest element of `second` for each element of this sequence.
  @inlinable
  public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second)
    -> SharedSequence<SharingStrategy, Second.Element>
  where Second.SharingStrategy == SharingStrategy {
    SharedSequence<SharingStrategy, Second.Element>(
      asSharedSequence().source.withLatestFrom(second.asSharedSequence().source))
  }

  /// Emits an element once `dueTime` has passed without another (on the strategy's scheduler).
  @inlinable
  public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.debounce(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Emits at most one element per `dueTime` window (on the strategy's scheduler); with
  /// `latest`, the last element of a window is emitted at its end.
  @inlinable
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<
    SharingStrategy, Element
  > {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.throttle(
        dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
  }

  /// Delays every element by `dueTime` (on the strategy's scheduler).
  @inlinable
  public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.delay(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Calls the closures as events pass and on subscription and disposal.
  @inlinable
  public func `do`(
    onNext: ((Element) -> Void)? = nil,
    afterNext: ((Element) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    afterCompleted: (() -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted,
        afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
        onDispose: onDispose))
  }
}

extension SharedSequenceConvertibleType {
  /// Skips the first `count` elements.
  @inlinable
  public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(asSharedSequence().source.skip(count))
  }

  /// Prints every event, subscription and disposal to standard error, prefixed with
  /// `identifier` (by default the file, line and function of the call); see `Observable`'s
  /// `debug(_:trimOutput:file:line:function:)`.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(
      asSharedSequence().source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// Pairs each element with `object`, held weakly, through `resultSelector`; completes once
  /// `object` is gone.
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) -> Out
  ) -> SharedSequence<SharingStrategy, Out> {
    SharedSequence<SharingStrategy, Out>(
      asSharedSequence().source.withUnretained(object, resultSelector: resultSelector))
  }

  /// Pairs each element with `object`, held weakly; completes once `object` is gone.
  public func withUnretained<Object: AnyObject>(_ object: Object)
    -> SharedSequence<SharingStrategy, (Object, Element)>
  {
    withUnretained(object) { ($0, $1) }
  }
}

extension SharedSequenceConvertibleType where Element: Equatable {
  /// Emits an element only if it differs from the previous one.
  @inlinable
  public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Element>(asSharedSequence().source.distinctUntilChanged())
  }
}
