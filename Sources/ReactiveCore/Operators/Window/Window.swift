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
      let group = WindowGroup()
      let sink = SerializedSink(
        downstream: downstream,
        rule: WindowRule<Element>(timeSpan: timeSpan, count: count, scheduler: scheduler),
        resources: group, lifetime: group.upstream, source: group.upstream, timer: group.timer)
      // The first window goes out before its timer is started: `emitWindow` reads `subject`,
      // which the timer's `handle` replaces, so the timer must not be able to run before it.
      sink.setUp { role in
        WindowRule.emitWindow(sink, role)
        sink.startTimer(after: timeSpan, on: scheduler, role)
      }
      sink.subscribe(source, into: sink.source, as: TimedInput.event)
      return sink
    })
  }
}

/// The rule of `window`: each element goes into the current window's subject; a full window or a
/// firing of the current timer completes it and opens the next.
///
/// Thread safety: drainer-owned, as every rule (see `SerializedSink`).
@usableFromInline
struct WindowRule<Element>: SerializedRule {
  @usableFromInline typealias Input = TimedInput<Element>
  @usableFromInline typealias Output = Observable<Element>
  /// The source subscription and the timer, shared with the windows (which must not hold the sink:
  /// it holds the downstream observer, which may hold the windows). The source subscription is
  /// also the sink's lifetime: it ends only once no window needs the source.
  @usableFromInline typealias Resources = WindowGroup

  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline var machine: WindowStateMachine
  @usableFromInline var subject = PublishSubject<Element>()

  @inlinable
  init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    self.machine = WindowStateMachine(count: count)
  }

  /// Emits the current subject as a window whose subscriptions keep the source alive.
  @inlinable
  static func emitWindow(_ sink: SerializedSink<Self>, _ role: borrowing DrainerRole) {
    let group = sink.resources
    guard !group.outerDisposed else { return }
    let subject = sink.rule.read(role) { $0.subject }
    let window = Observable<Element>(subscribeHandler: { observer in
      group.retain()
      let subscription = subject.subscribe(observer)
      return Disposables.create {
        subscription.dispose()
        group.release()
      }
    })
    sink.downstream.on(.next(window))
  }

  @inlinable
  static func handle(
    _ input: TimedInput<Element>, _ sink: SerializedSink<Self>, _ role: borrowing DrainerRole
  ) {
    let subject = sink.rule.read(role) { $0.subject }
    switch input {
    case .event(.next(let element)):
      subject.on(.next(element))
      guard sink.rule.modify(role, { $0.machine.next() }) else { return }
    case .event(let terminal):
      let group = sink.resources
      let ended = sink.lifetime.terminate {
        subject.on(terminal)
        let outer: Event<Observable<Element>> = terminal.error.map { .error($0) } ?? .completed
        if !group.outerDisposed { sink.downstream.on(outer) }
      }
      if ended { group.disposeSubscriptions() }
      return
    case .timer(let generation):
      guard sink.isCurrentTimer(generation, role) else { return }
      sink.rule.modify(role) { $0.machine.timerFired() }
    }
    let (timeSpan, scheduler) = sink.rule.modify(role) { rule in
      rule.subject = PublishSubject()
      return (rule.timeSpan, rule.scheduler)
    }
    subject.on(.completed)
    guard !sink.lifetime.isStopped else { return }
    emitWindow(sink, role)
    sink.startTimer(after: timeSpan, on: scheduler, role)
  }

  /// Disposes the outer subscription; the source goes once no window is subscribed.
  @inlinable
  static func dispose(_ sink: SerializedSink<Self>) {
    sink.resources.disposeOuter()
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
