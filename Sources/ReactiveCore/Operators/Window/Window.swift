extension ObservableType {
  /// Splits the elements into windows, each an observable, opened every `timeSpan` or as soon as
  /// the current one received `count` elements, whichever comes first.
  ///
  /// The first window is emitted at subscription; each new window completes the previous one, and
  /// the source's completion or error ends the current window and the result. As in RxSwift, a
  /// subscribed window keeps the source subscription alive after the outer subscription is
  /// disposed, until the window subscriptions are disposed too. Subscribe to a window as soon as it
  /// is emitted: it is hot and does not replay.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, timeSpan 30 ticks, count 2, subscribed at "^" (200):
  /// // windows open at 200, 230 (after [a]), 250 (after [b, c], full) and 280.
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-bc-----|")
  /// let res = scheduler.start {
  ///   xs.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler).flatMap { $0.toArray() }
  /// }
  /// #expect(res.events == [.next(230, ["a"]), .next(250, ["b", "c"]), .next(280, []),
  ///                        .next(310, []), .completed(310)])
  /// ```
  ///
  /// - Parameters:
  ///   - timeSpan: the longest a window stays open.
  ///   - count: the most elements per window.
  ///   - scheduler: where the timers run.
  @inlinable
  public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
    -> Observable<Observable<Element>>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = WindowSink(
        downstream: downstream, timeSpan: timeSpan, count: count, scheduler: scheduler)
      sink.startTimer(window: 0)
      sink.emitWindow()
      sink.upstream.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit(.event($0)) })))
      return sink
    })
  }
}

@usableFromInline
final class WindowSink<Element>: Disposable, @unchecked Sendable {
  // `machine` and `subject` are touched only by `handle` (run by `serializer` one item at a time)
  // and by the subscribe handler before the source is subscribed; the rest is immutable or
  // thread-safe.
  @usableFromInline
  enum Input {
    case event(Event<Element>)
    case timer(UInt64)
  }

  @usableFromInline let downstream: AnyObserver<Observable<Element>>
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  /// The source subscription and the timer, shared with the windows (which must not hold the sink:
  /// it holds the downstream observer, which may hold the windows).
  @usableFromInline let group = WindowGroup()
  @usableFromInline var upstream: SingleAssignmentDisposable { group.upstream }
  @usableFromInline var timer: SerialDisposable { group.timer }
  @usableFromInline let token = ResourceToken()
  @usableFromInline var machine: WindowStateMachine
  @usableFromInline var subject = PublishSubject<Element>()
  @usableFromInline var serializer: Serializer<Input>!

  @inlinable
  init(
    downstream: AnyObserver<Observable<Element>>, timeSpan: RxTimeInterval, count: Int,
    scheduler: SchedulerType
  ) {
    self.downstream = downstream
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    self.machine = WindowStateMachine(count: count)
    // Unowned: whoever submits holds the sink (the upstream observer and timer closures do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  var outerDisposed: Bool { group.outerDisposed }

  @inlinable
  func startTimer(window: UInt64) {
    timer.disposable = scheduler.scheduleRelative(window, dueTime: timeSpan) { window in
      self.serializer.submit(.timer(window))
      return Disposables.create()
    }
  }

  /// Emits the current subject as a window whose subscriptions keep the source alive.
  @inlinable
  func emitWindow() {
    guard !outerDisposed else { return }
    let subject = self.subject
    let group = self.group
    let window = Observable<Element>(subscribeHandler: { observer in
      group.retain()
      let subscription = subject.subscribe(observer)
      return Disposables.create {
        subscription.dispose()
        group.release()
      }
    })
    downstream.on(.next(window))
  }

  @inlinable
  func handle(_ input: Input) {
    guard !upstream.isStopped else { return }
    let nextWindow: UInt64?
    switch input {
    case .event(.next(let element)):
      subject.on(.next(element))
      nextWindow = machine.next()
    case .event(let terminal):
      guard upstream.tryTerminate() else { return }
      subject.on(terminal)
      let outer: Event<Observable<Element>> = terminal.error.map { .error($0) } ?? .completed
      if !outerDisposed { downstream.on(outer) }
      upstream.dispose()
      timer.dispose()
      return
    case .timer(let window):
      nextWindow = machine.timerFired(window: window)
    }
    guard let nextWindow else { return }
    let finished = subject
    subject = PublishSubject()
    finished.on(.completed)
    guard !upstream.isStopped else { return }
    emitWindow()
    startTimer(window: nextWindow)
  }

  /// Disposes the outer subscription; the source goes once no window is subscribed.
  @inlinable
  func dispose() {
    group.disposeOuter()
  }
}

/// The source subscription and timer of a `window` sink, disposed once the outer subscription and
/// every window subscription are (RxSwift's ref-counted disposable).
@usableFromInline
final class WindowGroup: @unchecked Sendable {  // `references` is behind its lock
  @usableFromInline
  struct References {
    /// The outer subscription was disposed.
    @usableFromInline var outerDisposed = false
    /// Live window subscriptions.
    @usableFromInline var windows = 0
  }

  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let timer = SerialDisposable()
  @usableFromInline let references = Locked(References())
  @usableFromInline let token = ResourceToken()

  @inlinable
  init() {}

  @inlinable
  var outerDisposed: Bool { references.withLock { $0.outerDisposed } }

  /// A window was subscribed.
  @inlinable
  func retain() {
    references.withLock { $0.windows += 1 }
  }

  /// A window subscription ended.
  @inlinable
  func release() {
    let disposeSource = references.withLock { references in
      references.windows -= 1
      return references.outerDisposed && references.windows == 0
    }
    if disposeSource { disposeSubscriptions() }
  }

  @inlinable
  func disposeOuter() {
    let disposeSource = references.withLock { references in
      if references.outerDisposed { return false }
      references.outerDisposed = true
      return references.windows == 0
    }
    if disposeSource { disposeSubscriptions() }
  }

  @inlinable
  func disposeSubscriptions() {
    upstream.dispose()
    timer.dispose()
  }
}
