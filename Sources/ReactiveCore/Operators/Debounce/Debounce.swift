extension ObservableType {
  /// Emits an element only once `dueTime` has passed without another element.
  ///
  /// On completion the pending element (if any) is emitted at once, then the completion; an error
  /// drops the pending element and is forwarded at once. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 30 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b----c-d-|")
  /// let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^------b-----(d|)")))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: the silence needed before an element is emitted.
  ///   - scheduler: where the timer runs; elements are emitted there (or on the source's thread
  ///     for the flush on completion).
  /// - Complexity: O(1) per element; one timer per element.
  @inlinable
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      DebounceSink(downstream: downstream, dueTime: dueTime, scheduler: scheduler)
        .run(source, as: TimedInput.event)
    })
  }
}

@usableFromInline
final class DebounceSink<Element>:
  SerializedSink<TimedInput<Element, UInt64>, Element>, @unchecked Sendable
{
  // `machine` is touched only by `handle` (see `SerializedSink`).
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine = DebounceStateMachine<Element>()

  @inlinable
  init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
    self.dueTime = dueTime
    self.scheduler = scheduler
    super.init(downstream: downstream)
    startSerializer(self)
  }

  @inlinable
  override func handle(_ input: TimedInput<Element, UInt64>) {
    let action: DebounceStateMachine<Element>.Action
    switch input {
    case .event(.next(let element)): action = machine.next(element)
    case .event(.completed): action = machine.completed()
    case .event(.error(let error)): action = machine.failed(error)
    case .timer(let id): action = machine.timerFired(id: id)
    }
    switch action {
    case .none: break
    case .startTimer(let id): schedule(.timer(id), after: dueTime, on: scheduler)
    case .emit(let element): downstream.on(.next(element))
    case .complete(let flushing): finish(.completed, after: flushing)
    case .fail(let error): finish(.error(error))
    }
  }
}
