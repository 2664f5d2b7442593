extension ObservableType {
  /// Forwards the source's events for `duration` after subscription, then completes.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, duration 50 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-c-d|")
  /// let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^-a-b|")))
  /// ```
  ///
  /// - Parameters:
  ///   - duration: how long to forward elements.
  ///   - scheduler: where the timer runs and the completion is sent.
  @inlinable
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    asObservable().forDuration(duration, scheduler: scheduler, takes: true)
  }
}

extension Observable {
  /// `take(for:scheduler:)` (`takes`) or `skip(for:scheduler:)`.
  @inlinable
  func forDuration(_ duration: RxTimeInterval, scheduler: SchedulerType, takes: Bool)
    -> Observable<Element>
  {
    Observable(subscribeHandler: { downstream in
      ForDurationSink(
        downstream: downstream, takes: takes, duration: duration, scheduler: scheduler
      )
      .run(self, as: TimedInput.event)
    })
  }
}

/// The sink of `take(for:scheduler:)` and `skip(for:scheduler:)`: the source's elements pass
/// only before the timer fires (`take`) or only after (`skip`); terminal events always pass.
@usableFromInline
final class ForDurationSink<Element>:
  SerializedSink<TimedInput<Element, Void>, Element>, @unchecked Sendable
{
  /// `true` for `take(for:)`: the timer completes the sequence.
  @usableFromInline let takes: Bool
  /// Whether the timer fired (touched only by `handle`, see `SerializedSink`): the one bit
  /// `skip(for:)` needs, its state before and after the duration.
  @usableFromInline @exclusivity(unchecked) var elapsed = false

  @inlinable
  init(
    downstream: AnyObserver<Element>, takes: Bool, duration: RxTimeInterval,
    scheduler: SchedulerType
  ) {
    self.takes = takes
    super.init(downstream: downstream)
    startSerializer(self)
    schedule(.timer(()), after: duration, on: scheduler)
  }

  @inlinable
  override func handle(_ input: TimedInput<Element, Void>) {
    switch input {
    case .event(.next(let element)): if takes != elapsed { downstream.on(.next(element)) }
    case .event(let terminal): finish(terminal)
    case .timer:
      if takes { finish(.completed) } else { elapsed = true }
    }
  }
}
