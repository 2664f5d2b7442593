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
      let sink = ThrottleSink(
        downstream: downstream, dueTime: dueTime, latest: latest, scheduler: scheduler)
      sink.sourceSubscription.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.event($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class ThrottleSink<Element>: Disposable, @unchecked Sendable {
  // `machine` is touched only by `handle`, which `serializer` runs one item at a time; the rest is
  // immutable or thread-safe. Timer callbacks and upstream events both go through `serializer`.
  @usableFromInline
  enum Input {
    case event(Event<Element>)
    case timer
  }

  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let scheduler: SchedulerType
  /// The lifetime flags of the whole sink (never holds a subscription).
  @usableFromInline let upstream = SingleAssignmentDisposable()
  /// The source subscription, released as soon as the source terminates (as in RxSwift), before
  /// the sink ends.
  @usableFromInline let sourceSubscription = SingleAssignmentDisposable()
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine: ThrottleStateMachine<Element>
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(
    downstream: AnyObserver<Element>, dueTime: RxTimeInterval, latest: Bool,
    scheduler: SchedulerType
  ) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.machine = ThrottleStateMachine(dueTime: dueTime, latest: latest)
    // Unowned: whoever submits holds the sink (the upstream observer and timer closures do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func handle(_ input: Input) {
    guard !upstream.isStopped else { return }
    let action: ThrottleStateMachine<Element>.Action
    switch input {
    case .event(.next(let element)): action = machine.next(element, now: scheduler.now)
    case .event(.completed):
      sourceSubscription.dispose()
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
      timer.disposable = scheduler.scheduleRelative(
        (), dueTime: .nanoseconds(Int(clamping: nanoseconds))
      ) { _ in
        self.serializer.submit(.timer)
        return Disposables.create()
      }
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
    sourceSubscription.dispose()
    timer.dispose()
  }
}
