import ReactiveEngine

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
      // The first window goes out before its timer is started: `emitWindow` reads `subject`,
      // which the timer's `handle` replaces, so the timer must not be able to run before it.
      sink.emitWindow()
      sink.startTimer(after: timeSpan, on: scheduler)
      sink.subscribe(source, into: sink.source, as: TimedInput.event)
      return sink
    })
  }
}

@usableFromInline
final class WindowSink<Element>:
  SerializedSink<TimedInput<Element>, Observable<Element>>, @unchecked Sendable
{
  // `machine` and `subject` are touched only by `handle` (see `SerializedSink`) and by the
  // subscribe handler before the source is subscribed.
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  /// The source subscription and the timer, shared with the windows (which must not hold the sink:
  /// it holds the downstream observer, which may hold the windows). The source subscription is
  /// also the sink's lifetime: it ends only once no window needs the source.
  @usableFromInline let group: WindowGroup
  @usableFromInline var machine: WindowStateMachine
  @usableFromInline var subject = PublishSubject<Element>()

  @inlinable
  init(
    downstream: AnyObserver<Observable<Element>>, timeSpan: RxTimeInterval, count: Int,
    scheduler: SchedulerType
  ) {
    let group = WindowGroup()
    self.group = group
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    self.machine = WindowStateMachine(count: count)
    super.init(
      downstream: downstream, lifetime: group.upstream, source: group.upstream, timer: group.timer)
    startSerializer(self)
  }

  @inlinable
  var outerDisposed: Bool { group.outerDisposed }

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
  override func handle(_ input: TimedInput<Element>) {
    switch input {
    case .event(.next(let element)):
      subject.on(.next(element))
      guard machine.next() else { return }
    case .event(let terminal):
      let ended = lifetime.terminate {
        subject.on(terminal)
        let outer: Event<Observable<Element>> = terminal.error.map { .error($0) } ?? .completed
        if !outerDisposed { downstream.on(outer) }
      }
      if ended { group.disposeSubscriptions() }
      return
    case .timer(let generation):
      guard isCurrentTimer(generation) else { return }
      machine.timerFired()
    }
    let finished = subject
    subject = PublishSubject()
    finished.on(.completed)
    guard !lifetime.isStopped else { return }
    emitWindow()
    startTimer(after: timeSpan, on: scheduler)
  }

  /// Disposes the outer subscription; the source goes once no window is subscribed.
  @inlinable
  override func dispose() {
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
