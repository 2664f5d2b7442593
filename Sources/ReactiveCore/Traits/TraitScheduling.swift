// Scheduling, retry and timeout operators on `Single`, `Maybe` and `Completable`. Each delegates to
// the `Observable` operator of the same name, which keeps the trait's grammar: none of them adds
// an element, and a resubscription runs the whole trait anew.

extension PrimitiveSequence {
  /// Fails with `RxError.timeout` when this trait has not terminated within `dueTime`.
  ///
  /// ```swift
  /// let guarded = Single<Int>.never().timeout(.seconds(5), scheduler: MainScheduler.instance)
  /// _ = guarded.subscribe(onFailure: { print($0) })   // after five seconds
  /// ```
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` when this trait has not terminated within `dueTime`.
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
  }

  /// Resubscribes after every failure, without limit.
  public func retry() -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry())
  }

  /// Subscribes at most `maxAttemptCount` times in all; the last failure is forwarded.
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Resubscribes each time the trigger returned by `notificationHandler` emits after a failure
  /// of type `Failure` (see `ObservableType.retry(when:)`).
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Resubscribes each time the trigger returned by `notificationHandler` emits after a failure
  /// (see `ObservableType.retry(when:)`).
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Delays the value and the completion by `dueTime`; a failure is forwarded at once.
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes to this trait `dueTime` after the subscription.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Delivers the events of this trait on `scheduler`.
  public func observe<Scheduler: ImmediateSchedulerType>(on scheduler: Scheduler)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Subscribes to (and disposes) this trait on `scheduler`.
  public func subscribe<Scheduler: ImmediateSchedulerType>(on scheduler: Scheduler)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }
}

extension PrimitiveSequence where Trait == SingleTrait {
  /// Succeeds with `element`, delivered on `scheduler`.
  public static func just<Scheduler: ImmediateSchedulerType>(
    _ element: Element, scheduler: Scheduler
  ) -> Single<Element> {
    Single(raw: Observable.just(element, scheduler: scheduler))
  }

  /// Transforms the value; a `nil` result completes empty, so the result is a `Maybe`.
  ///
  /// ```swift
  /// _ = Single.just("7").compactMap { Int($0) }.subscribe(onSuccess: { print($0) })
  /// // Prints: 7
  /// ```
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Maybe<Result>
  {
    Maybe(raw: source.compactMap(transform))
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Succeeds with `element`, delivered on `scheduler`.
  public static func just<Scheduler: ImmediateSchedulerType>(
    _ element: Element, scheduler: Scheduler
  ) -> Maybe<Element> {
    Maybe(raw: Observable.just(element, scheduler: scheduler))
  }

  /// Transforms the value; a `nil` result completes empty.
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Maybe<Result>
  {
    Maybe(raw: source.compactMap(transform))
  }
}

extension PrimitiveSequence where Trait == SingleTrait, Element: FixedWidthInteger {
  /// Succeeds with `0` after `dueTime`.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Single<Element> {
    Single(raw: Observable.timer(dueTime, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: FixedWidthInteger {
  /// Succeeds with `0` after `dueTime`.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Maybe<Element> {
    Maybe(raw: Observable.timer(dueTime, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Runs the completables one after another; completes after the last, fails with the first
  /// failure.
  ///
  /// ```swift
  /// _ = Completable.concat(.empty(), .empty()).subscribe(onCompleted: { print("done") })
  /// // Prints: done
  /// ```
  public static func concat(_ sources: Completable...) -> Completable {
    concat(sources)
  }

  /// Runs `second` after this completable completes; fails with the first failure.
  ///
  /// ```swift
  /// _ = Completable.empty().concat(.empty()).subscribe(onCompleted: { print("both done") })
  /// // Prints: both done
  /// ```
  public func concat(_ second: Completable) -> Completable {
    Completable.concat(primitiveSequence, second)
  }

  /// Runs the completables of `sequence` one after another.
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
  where Sequence.Element == Completable {
    Completable(raw: Observable.concat(sequence.map(\.source)))
  }

  /// Runs the completables of `collection` one after another.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.concat(collection.map(\.source)))
  }
}
