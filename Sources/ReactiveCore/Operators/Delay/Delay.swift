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
      let sink = DelaySink(downstream: downstream, dueTime: dueTime, scheduler: scheduler)
      sink.sourceSubscription.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.event($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class DelaySink<Element>: Disposable, @unchecked Sendable {
  // `machine` is touched only by `handle`, which `serializer` runs one item at a time; the rest is
  // immutable or thread-safe. Timer callbacks and upstream events both go through `serializer`.
  @usableFromInline
  enum Input {
    case event(Event<Element>)
    case timer
  }

  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let scheduler: SchedulerType
  /// Stopped once the upstream terminated with an error, or delivery ended (lifetime flags only:
  /// never holds a subscription).
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The source subscription, released as soon as the source terminates (as in RxSwift), before
  /// the sink ends.
  @usableFromInline let sourceSubscription = SingleAssignmentDisposable()
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine: DelayStateMachine<Element>
  /// The upstream completed: further upstream events are ignored (the completion is queued).
  @usableFromInline var upstreamDone = false
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(downstream: AnyObserver<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.machine = DelayStateMachine(dueTime: dueTime)
    // Unowned: whoever submits holds the sink (the upstream observer and timer closures do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func handle(_ input: Input) {
    guard !upstream.isStopped else { return }
    var step: DelayStateMachine<Element>.Step
    switch input {
    case .event(.error(let error)):
      machine.failed()
      guard upstream.tryTerminate() else { return }
      downstream.on(.error(error))
      dispose()
      return
    case .event(let event):
      guard !upstreamDone else { return }
      upstreamDone = event.isCompleted
      if upstreamDone { sourceSubscription.dispose() }
      step = machine.enqueue(event, now: scheduler.now)
    case .timer:
      machine.timerFired()
      step = machine.step(now: scheduler.now)
    }
    while true {
      switch step {
      case .idle: return
      case .startTimer(let nanoseconds):
        timer.disposable = scheduler.scheduleRelative(
          (), dueTime: .nanoseconds(Int(clamping: nanoseconds))
        ) { _ in
          self.serializer.submit(.timer)
          return Disposables.create()
        }
        return
      case .deliver(.next(let element)):
        downstream.on(.next(element))
        guard !upstream.isStopped else { return }
      case .deliver(let terminal):
        guard upstream.tryTerminate() else { return }
        downstream.on(terminal)
        dispose()
        return
      }
      step = machine.step(now: scheduler.now)
    }
  }

  @inlinable
  func dispose() {
    upstream.dispose()
    sourceSubscription.dispose()
    timer.dispose()
  }
}
