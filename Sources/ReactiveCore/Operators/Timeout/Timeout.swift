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
      let sink = TimeoutSink(
        downstream: downstream, dueTime: dueTime, other: other, scheduler: scheduler)
      sink.startTimer(id: 0)
      let subscription = SingleAssignmentDisposable()
      sink.subscription.disposable = subscription
      subscription.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.source($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class TimeoutSink<Element>: Disposable, @unchecked Sendable {
  // `machine` is touched only by `handle`, which `serializer` runs one item at a time; the rest is
  // immutable or thread-safe. Timers, source and fallback events all go through `serializer`.
  @usableFromInline
  enum Input {
    case source(Event<Element>)
    case other(Event<Element>)
    case timer(UInt64)
  }

  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let other: Observable<Element>
  @usableFromInline let scheduler: SchedulerType
  /// Lifetime flags: stopped once terminated or disposed.
  @usableFromInline let lifetime = SingleAssignmentDisposable()
  /// The source subscription, then the fallback's.
  @usableFromInline let subscription = SerialDisposable()
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine = TimeoutStateMachine()
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(
    downstream: AnyObserver<Element>, dueTime: RxTimeInterval, other: Observable<Element>,
    scheduler: SchedulerType
  ) {
    self.downstream = downstream
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
    lifetime.setDisposable(Disposables.create())
    // Unowned: whoever submits holds the sink (observers and timer closures do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func startTimer(id: UInt64) {
    timer.disposable = scheduler.scheduleRelative(id, dueTime: dueTime) { id in
      self.serializer.submit(.timer(id))
      return Disposables.create()
    }
  }

  @inlinable
  func handle(_ input: Input) {
    guard !lifetime.isStopped else { return }
    switch input {
    case .source(let event):
      guard machine.sourceEvent() else { return }
      if case .next = event {
        downstream.on(event)
        startTimer(id: machine.generation)
      } else {
        terminate(event)
      }
    case .timer(let id):
      guard machine.timerFired(id: id) else { return }
      let inner = SingleAssignmentDisposable()
      subscription.disposable = inner  // disposes the source
      inner.setDisposable(
        other.subscribe(AnyObserver(eventHandler: { self.serializer.submit(.other($0)) })))
    case .other(let event):
      if case .next = event { downstream.on(event) } else { terminate(event) }
    }
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard lifetime.tryTerminate() else { return }
    downstream.on(event)
    dispose()
  }

  @inlinable
  func dispose() {
    lifetime.dispose()
    subscription.dispose()
    timer.dispose()
  }
}
