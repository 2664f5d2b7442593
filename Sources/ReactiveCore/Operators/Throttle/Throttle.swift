import Dispatch

extension ObservableType {
  /// Emits the first element at once, then at most one element per `dueTime` window.
  ///
  /// The window is measured from the last emission. An element arriving after the window passed
  /// is emitted at once. With `latest: true` (the default) the last element that arrived during the
  /// window is emitted at the window's end, and a completion waits for that trailing element; with
  /// `latest: false` elements during the window are dropped. An error is forwarded at once and drops
  /// the trailing element. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 30 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-abc----d-e|")
  /// let latest = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
  /// #expect(latest.events == (try Marbles.events("^-a--c---d--(e|)")))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: the length of the window after each emission.
  ///   - latest: whether to emit the last element of a window at its end.
  ///   - scheduler: the clock, and where trailing elements are emitted.
  /// - Complexity: O(1) per element.
  @inlinable
  public func throttle(
    _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      ThrottleSink(downstream: downstream, dueTime: dueTime, latest: latest, scheduler: scheduler)
        .run(source, as: TimedInput.event)
    })
  }
}

@usableFromInline
final class ThrottleSink<Element>:
  SerializedSink<TimedInput<Element, Void>, Element>, @unchecked Sendable
{
  // `machine` is touched only by `handle` (see `SerializedSink`).
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine: ThrottleStateMachine<Element>

  @inlinable
  init(
    downstream: AnyObserver<Element>, dueTime: RxTimeInterval, latest: Bool,
    scheduler: SchedulerType
  ) {
    self.scheduler = scheduler
    self.machine = ThrottleStateMachine(dueTime: dueTime, latest: latest)
    super.init(downstream: downstream)
    startSerializer(self)
  }

  @inlinable
  override func handle(_ input: TimedInput<Element, Void>) {
    let action: ThrottleStateMachine<Element>.Action
    switch input {
    case .event(.next(let element)): action = machine.next(element, now: scheduler.now)
    case .event(.completed):
      source.dispose()
      action = machine.completed()
    case .event(.error(let error)): action = machine.failed(error)
    case .timer: action = machine.timerFired()
    }
    switch action {
    case .none: break
    case .emit(let element):
      downstream.on(.next(element))
      machine.didEmit(at: scheduler.now)
    case .startTimer(let nanoseconds):
      schedule(.timer(()), after: .nanoseconds(Int(clamping: nanoseconds)), on: scheduler)
    case .complete(let flushing): finish(.completed, after: flushing)
    case .fail(let error): finish(.error(error))
    }
  }
}
