// Scheduling and time operators on Single, Maybe and Completable, with RxSwift's names: each
// applies the Observable operator to the trait's sequence (a trait emits at most one element, so
// the trait's guarantees hold).

extension PrimitiveSequence {
  /// Delivers the outcome on `scheduler`.
  public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Subscribes to (and disposes) the source on `scheduler`.
  public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// Delivers the element and completion `dueTime` later on `scheduler` (an error at once).
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes to the source `dueTime` later on `scheduler`.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence
  {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Fails with `RxError.timeout` when the outcome does not arrive within `dueTime`.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` when the outcome does not arrive within `dueTime`.
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence, scheduler: SchedulerType
  ) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
  }

  /// Resubscribes on error, `maxAttemptCount` attempts in total.
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Resubscribes on every error.
  public func retry() -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry())
  }

  /// Resubscribes when the observable `notificationHandler` builds from the errors emits; ends
  /// with its error or completion.
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// A Single that succeeds with `element` on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
    Single(raw: Observable.just(element).subscribe(on: scheduler))
  }

  /// A Maybe with the non-`nil` result of `transform`, empty for `nil`.
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// A Single that succeeds with 0 after `dueTime` on `scheduler`.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Single<Element>
  where Element: FixedWidthInteger {
    Single(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// A Maybe that succeeds with `element` on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
    Maybe(raw: Observable.just(element).subscribe(on: scheduler))
  }

  /// The non-`nil` result of `transform`, empty for `nil`.
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// A Maybe that succeeds with 0 after `dueTime` on `scheduler`.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Maybe<Element>
  where Element: FixedWidthInteger {
    Maybe(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
  }

  /// The element, or `element` if the Maybe completes empty.
  public func ifEmpty(default element: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(default: element))
  }

  /// The element, or the outcome of `other` if the Maybe completes empty.
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.asObservable()))
  }

  /// The element, or the outcome of `other` if the Maybe completes empty.
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.asObservable()))
  }
}
