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
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = TakeForDurationSink(downstream: downstream)
      sink.schedule(.timer(()), after: duration, on: scheduler)
      sink.subscribe(source, into: sink.source, as: TimedInput.event)
      return sink
    })
  }
}

@usableFromInline
final class TakeForDurationSink<Element>:
  SerializedSink<TimedInput<Element, Void>, Element>, @unchecked Sendable
{
  @inlinable
  init(downstream: AnyObserver<Element>) {
    super.init(downstream: downstream)
    startSerializer(self)
  }

  /// Forwards the source's events until the timer completes the sequence.
  @inlinable
  override func handle(_ input: TimedInput<Element, Void>) {
    switch input {
    case .event(.next(let element)): downstream.on(.next(element))
    case .event(let terminal): finish(terminal)
    case .timer: finish(.completed)
    }
  }
}
