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
      let sink = BufferSink(
        downstream: downstream, timeSpan: timeSpan, count: count, scheduler: scheduler)
      sink.startTimer(window: 0)
      sink.upstream.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.event($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class BufferSink<Element>: Disposable, @unchecked Sendable {
  // `machine` is touched only by `handle`, which `serializer` runs one item at a time; the rest is
  // immutable or thread-safe. Timer callbacks and upstream events both go through `serializer`.
  @usableFromInline
  enum Input {
    case event(Event<Element>)
    case timer(UInt64)
  }

  @usableFromInline let downstream: AnyObserver<[Element]>
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine: BufferStateMachine<Element>
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(
    downstream: AnyObserver<[Element]>, timeSpan: RxTimeInterval, count: Int,
    scheduler: SchedulerType
  ) {
    self.downstream = downstream
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    self.machine = BufferStateMachine(count: count)
    // Unowned: whoever submits holds the sink (the upstream observer and timer closures do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func startTimer(window: UInt64) {
    timer.disposable = scheduler.scheduleRelative(window, dueTime: timeSpan) { window in
      self.serializer.submit(.timer(window))
      return Disposables.create()
    }
  }

  @inlinable
  func handle(_ input: Input) {
    guard !upstream.isStopped else { return }
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
      guard !upstream.isStopped else { return }
      startTimer(window: nextWindow)
    case .complete(let buffer):
      guard upstream.tryTerminate() else { return }
      downstream.on(.next(buffer))
      downstream.on(.completed)
      dispose()
    case .fail(let error):
      guard upstream.tryTerminate() else { return }
      downstream.on(.error(error))
      dispose()
    }
  }

  @inlinable
  func dispose() {
    upstream.dispose()
    timer.dispose()
  }
}
