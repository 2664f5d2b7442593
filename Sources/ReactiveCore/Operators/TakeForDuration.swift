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
    timed(ForDurationStateMachine(duration: duration, takes: takes), on: scheduler)
  }
}

/// The state of `take(for:scheduler:)` and `skip(for:scheduler:)`: the source's elements pass
/// only before the timer fires (`take`) or only after (`skip`); terminal events always pass (see
/// `TimedSink`).
@usableFromInline
struct ForDurationStateMachine<Element>: TimedStateMachine {
  @usableFromInline let duration: RxTimeInterval
  /// `true` for `take(for:)`: the timer completes the sequence.
  @usableFromInline let takes: Bool
  /// Whether the timer fired: the one bit `skip(for:)` needs, its state before and after the
  /// duration.
  @usableFromInline var elapsed = false

  @inlinable
  init(duration: RxTimeInterval, takes: Bool) {
    self.duration = duration
    self.takes = takes
  }

  @inlinable
  mutating func started() -> TimedAction<Element> {
    .startTimer(after: duration)
  }

  @inlinable
  mutating func next(_ element: Element, now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    takes != elapsed ? .emit(element) : .none
  }

  @inlinable
  mutating func completed(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    .complete(flushing: nil)
  }

  @inlinable
  mutating func timerFired(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    if takes { return .complete(flushing: nil) }
    elapsed = true
    return .none
  }

  @inlinable
  mutating func failed() {}
}
