extension ObservableType {
  /// Fails with `RxError.timeout` when no element arrives within `dueTime` of the subscription or
  /// of the previous element.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 30 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-----c|")
  /// let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^-a-b--#", error: RxError.timeout)))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: the longest wait for each element.
  ///   - scheduler: where the timers run.
  @inlinable
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` when no element arrives within `dueTime` of the subscription or of the
  /// previous element.
  ///
  /// The source is disposed when the timer wins; `other` is subscribed only then.
  ///
  /// ```swift
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a------", values: ["a": 1])
  /// let res = scheduler.start {
  ///   xs.timeout(.seconds(30), other: Observable.just(0), scheduler: scheduler)
  /// }
  /// #expect(res.events == [.next(220, 1), .next(250, 0), .completed(250)])
  /// ```
  @inlinable
  public func timeout<Source: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType
  ) -> Observable<Element> where Source.Element == Element {
    let source = asObservable()
    let other = other.asObservable()
    return Observable(subscribeHandler: { downstream in
      TimeoutSink(downstream: downstream, dueTime: dueTime, other: other, scheduler: scheduler)
        .run(source, as: TimeoutInput.source)
    })
  }
}

/// What `timeout` serializes: a source event, a fallback event or a timer firing.
@usableFromInline
enum TimeoutInput<Element>: TimerFiring {
  case source(Event<Element>)
  case other(Event<Element>)
  case timer(UInt64)
}

@usableFromInline
final class TimeoutSink<Element>: SerializedSink<TimeoutInput<Element>, Element>,
  @unchecked Sendable
{
  // `machine` is touched only by `handle` (see `SerializedSink`).
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let other: Observable<Element>
  @usableFromInline let scheduler: SchedulerType
  /// The fallback's subscription, made once the timer won (after `source` was disposed).
  @usableFromInline let fallback = SingleAssignmentDisposable()
  @usableFromInline var machine = TimeoutStateMachine()

  @inlinable
  init(
    downstream: AnyObserver<Element>, dueTime: RxTimeInterval, other: Observable<Element>,
    scheduler: SchedulerType
  ) {
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
    super.init(downstream: downstream)
    startSerializer(self)
    startTimer(after: dueTime, on: scheduler)
  }

  @inlinable
  override func handle(_ input: TimeoutInput<Element>) {
    switch input {
    case .source(let event):
      guard machine.sourceEvent() else { return }
      if case .next = event {
        downstream.on(event)
        startTimer(after: dueTime, on: scheduler)
      } else {
        finish(event)
      }
    case .timer(let id):
      guard isCurrentTimer(id), machine.timerFired() else { return }
      source.dispose()
      subscribe(other, into: fallback, as: TimeoutInput.other)
    case .other(let event):
      if case .next = event { downstream.on(event) } else { finish(event) }
    }
  }

  @inlinable
  override func dispose() {
    super.dispose()
    fallback.dispose()
  }
}
