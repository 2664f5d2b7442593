import ReactiveEngine

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
      let sink = SerializedSink(
        downstream: downstream,
        rule: TimeoutRule(dueTime: dueTime, other: other, scheduler: scheduler),
        resources: SingleAssignmentDisposable())
      sink.setUp { sink.startTimer(after: dueTime, on: scheduler, $0) }
      return sink.run(source, as: TimeoutInput.source)
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

/// The rule of `timeout`: the source's events pass and restart the timer; a firing of the
/// current timer disposes the source and subscribes the fallback.
///
/// Thread safety: drainer-owned, as every rule (see `SerializedSink`).
@usableFromInline
struct TimeoutRule<Element>: SerializedRule {
  @usableFromInline typealias Input = TimeoutInput<Element>
  @usableFromInline typealias Output = Element
  /// The fallback's subscription, made once the timer won (after `source` was disposed).
  @usableFromInline typealias Resources = SingleAssignmentDisposable

  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let other: Observable<Element>
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine = TimeoutStateMachine()

  @inlinable
  init(dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
  }

  @inlinable
  static func handle(
    _ input: TimeoutInput<Element>, _ sink: SerializedSink<Self>, _ role: borrowing DrainerRole
  ) {
    switch input {
    case .source(let event):
      guard sink.rule.modify(role, { $0.machine.sourceEvent() }) else { return }
      if case .next = event {
        sink.downstream.on(event)
        let (dueTime, scheduler) = sink.rule.read(role) { ($0.dueTime, $0.scheduler) }
        sink.startTimer(after: dueTime, on: scheduler, role)
      } else {
        sink.finish(event)
      }
    case .timer(let id):
      guard sink.isCurrentTimer(id, role), sink.rule.modify(role, { $0.machine.timerFired() })
      else { return }
      sink.source.dispose()
      let other = sink.rule.read(role) { $0.other }
      sink.subscribe(other, into: sink.resources, as: TimeoutInput.other)
    case .other(let event):
      if case .next = event { sink.downstream.on(event) } else { sink.finish(event) }
    }
  }

  @inlinable
  static func dispose(_ sink: SerializedSink<Self>) {
    sink.disposeSubscriptions()
    sink.resources.dispose()
  }
}
