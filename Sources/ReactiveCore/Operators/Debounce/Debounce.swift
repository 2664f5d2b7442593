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
      let sink = DebounceSink(downstream: downstream, dueTime: dueTime, scheduler: scheduler)
      sink.upstream.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.event($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class DebounceSink<Element>: Disposable, @unchecked Sendable {
  // `machine` is touched only by `handle`, which `serializer` runs one item at a time; the rest is
  // immutable or thread-safe. Timer callbacks and upstream events both go through `serializer`.
  @usableFromInline
  enum Input {
    case event(Event<Element>)
    case timer(UInt64)
  }

  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine = DebounceStateMachine<Element>()
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
    self.downstream = downstream
    self.dueTime = dueTime
    self.scheduler = scheduler
    // Unowned: whoever submits holds the sink (the upstream observer and timer closures do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func handle(_ input: Input) {
    guard !upstream.isStopped else { return }
    let action: DebounceStateMachine<Element>.Action
    switch input {
    case .event(.next(let element)): action = machine.next(element)
    case .event(.completed): action = machine.completed()
    case .event(.error(let error)): action = machine.failed(error)
    case .timer(let id): action = machine.timerFired(id: id)
    }
    switch action {
    case .none: break
    case .startTimer(let id):
      timer.disposable = scheduler.scheduleRelative(id, dueTime: dueTime) { id in
        self.serializer.submit(.timer(id))
        return Disposables.create()
      }
    case .emit(let element): downstream.on(.next(element))
    case .complete(let flushing):
      guard upstream.tryTerminate() else { return }
      if let flushing { downstream.on(.next(flushing)) }
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
