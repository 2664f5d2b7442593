import Dispatch

extension ObservableType {
  /// Shifts every element and the completion later by `dueTime`; an error is forwarded at once,
  /// dropping whatever was still waiting.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 20 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-|")
  /// let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^---a-b-|")))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: how much later each event is delivered.
  ///   - scheduler: the clock, and where delayed events are delivered.
  /// - Complexity: O(1) amortized per element; memory grows with the number of elements in flight.
  @inlinable
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      DelaySink(downstream: downstream, dueTime: dueTime, scheduler: scheduler)
        .run(source, as: TimedInput.event)
    })
  }
}

@usableFromInline
final class DelaySink<Element>:
  SerializedSink<TimedInput<Element, Void>, Element>, @unchecked Sendable
{
  // `machine` and `upstreamDone` are touched only by `handle` (see `SerializedSink`).
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine: DelayStateMachine<Element>
  /// The upstream completed: further upstream events are ignored (the completion is queued).
  @usableFromInline var upstreamDone = false

  @inlinable
  init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
    self.scheduler = scheduler
    self.machine = DelayStateMachine(dueTime: dueTime)
    super.init(downstream: downstream)
    startSerializer(self)
  }

  @inlinable
  override func handle(_ input: TimedInput<Element, Void>) {
    var step: DelayStateMachine<Element>.Step
    switch input {
    case .event(.error(let error)):
      machine.failed()
      finish(.error(error))
      return
    case .event(let event):
      guard !upstreamDone else { return }
      upstreamDone = event.isCompleted
      if upstreamDone { source.dispose() }
      step = machine.enqueue(event, now: scheduler.now)
    case .timer:
      machine.timerFired()
      step = machine.step(now: scheduler.now)
    }
    if case .deliver(.next(let element)) = step {
      downstream.on(.next(element))
      guard !lifetime.isStopped else { return }
      step = machine.delivered(now: scheduler.now)
    }
    switch step {
    case .idle: return
    case .startTimer(let nanoseconds):
      schedule(.timer(()), after: .nanoseconds(Int(clamping: nanoseconds)), on: scheduler)
    case .deliver(let terminal):
      finish(terminal)
    }
  }
}
