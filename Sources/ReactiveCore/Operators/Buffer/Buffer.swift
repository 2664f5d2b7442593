extension ObservableType {
  /// Collects elements into arrays, emitted every `timeSpan` or as soon as `count` elements are
  /// collected, whichever comes first.
  ///
  /// Every window ends with an emission, so a window without elements emits `[]`; a count-filled
  /// window starts a new `timeSpan`. On completion the current buffer is emitted (even empty),
  /// then the completion; an error drops it. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, timeSpan 30 ticks, count 2, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-bc------d|")
  /// let res = scheduler.start {
  ///   xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
  /// }
  /// #expect(res.events == [.next(230, ["a"]), .next(250, ["b", "c"]), .next(280, []),
  ///                        .next(310, []), .next(330, ["d"]), .completed(330)])
  /// ```
  ///
  /// - Parameters:
  ///   - timeSpan: the longest a window lasts.
  ///   - count: the most elements per window.
  ///   - scheduler: where the timers run.
  /// - Complexity: O(1) amortized per element.
  @inlinable
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
    -> Observable<[Element]>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      BufferSink(downstream: downstream, timeSpan: timeSpan, count: count, scheduler: scheduler)
        .run(source, as: TimedInput.event)
    })
  }
}

@usableFromInline
final class BufferSink<Element>:
  SerializedSink<TimedInput<Element, UInt64>, [Element]>, @unchecked Sendable
{
  // `machine` is touched only by `handle` (see `SerializedSink`).
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine: BufferStateMachine<Element>

  @inlinable
  init(
    downstream: AnyObserver<[Element]>, timeSpan: RxTimeInterval, count: Int,
    scheduler: SchedulerType
  ) {
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    self.machine = BufferStateMachine(count: count)
    super.init(downstream: downstream)
    startSerializer(self)
    schedule(.timer(0), after: timeSpan, on: scheduler)
  }

  @inlinable
  override func handle(_ input: TimedInput<Element, UInt64>) {
    let action: BufferStateMachine<Element>.Action
    switch input {
    case .event(.next(let element)): action = machine.next(element)
    case .event(.completed): action = machine.completed()
    case .event(.error(let error)): action = machine.failed(error)
    case .timer(let window): action = machine.timerFired(window: window)
    }
    switch action {
    case .none: break
    case .emit(let buffer, let nextWindow):
      downstream.on(.next(buffer))
      guard !lifetime.isStopped else { return }
      schedule(.timer(nextWindow), after: timeSpan, on: scheduler)
    case .complete(let buffer): finish(.completed, after: buffer)
    case .fail(let error): finish(.error(error))
    }
  }
}
