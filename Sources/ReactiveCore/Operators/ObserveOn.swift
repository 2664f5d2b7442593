import ReactiveEngine

extension ObservableType {
  /// Delivers events on `scheduler`, in the order they arrived.
  ///
  /// Events are queued and a drain is scheduled when the queue becomes non-empty; each drain
  /// delivers one event and schedules the next while events remain (as RxSwift: on a virtual
  /// clock every event takes its own step), so downstream never sees two events at once even on a
  /// concurrent scheduler. An error never overtakes earlier elements. Disposing drops the
  /// events still queued and is a barrier: once `dispose()` returns nothing more is delivered
  /// (a `dispose()` from inside the downstream observer does not wait).
  ///
  /// ```swift
  /// let background = SerialDispatchQueueScheduler(qos: .userInitiated)
  /// _ = Observable.of(1, 2, 3)
  ///   .observe(on: background)
  ///   .subscribe(onNext: { print($0) })  // runs on the background queue
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  ///
  /// - Complexity: O(1) per event: a lock round trip to queue it and two around its delivery, and
  ///   one scheduled action per event (what the scheduler needs for each action it runs). On a
  ///   `MainScheduler` that would run the drain at once (on the main thread, none of its work
  ///   pending), an element is delivered at once instead, without the queue or a lock.
  /// - Note: the source is disposed as soon as it sends its terminal event, before that event
  ///   has been delivered on `scheduler`.
  @inlinable
  public func observe<Scheduler: ImmediateSchedulerType>(on scheduler: Scheduler)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = ObserveOnSink(downstream: downstream, scheduler: scheduler)
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink
    })
  }
}

/// What an `observe(on:)` subscription keeps behind its lock.
@usableFromInline
struct ObserveOnState<Element> {
  /// Where the drains stand: they are serial, a new one is scheduled by the previous one, or
  /// after it cleared `isScheduled`.
  @usableFromInline
  enum Drain {
    /// No drain is running.
    case idle
    /// A drain is running (between its start and its decision not to go on).
    case running
    /// A drain started while another was running: the running one delivers the next event.
    case requested
  }

  @usableFromInline var queue = FIFO<Event<Element>>()
  /// A drain action is scheduled and has not yet found the queue empty: one bit, independent of
  /// `drain` (a scheduled action may not have started yet).
  @usableFromInline var isScheduled = false
  /// Tells the scheduled drain that is still wanted from older ones.
  @usableFromInline var generation: UInt = 0
  /// The subscription was disposed: one bit, the end of every other state.
  @usableFromInline var isCancelled = false
  /// The pending drain's handle, kept so that `dispose()` can cancel it.
  @usableFromInline var drainWork: Disposable?
  @usableFromInline var drain = Drain.idle

  @inlinable
  init() {}

  /// Marks a drain scheduled, if none is: the generation to schedule it with.
  @inlinable
  mutating func scheduleIfIdle() -> UInt? {
    guard !isScheduled else { return nil }
    isScheduled = true
    generation &+= 1
    return generation
  }
}

@usableFromInline
final class ObserveOnSink<Element, Scheduler: ImmediateSchedulerType>: Cancelable,
  @unchecked Sendable
{
  // `state` is reachable only under its lock. `gate` makes `dispose()` wait for a drain in
  // progress.
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let scheduler: Scheduler
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let state = Locked(ObserveOnState<Element>())
  @usableFromInline let gate = RunGate()
  @usableFromInline let token = ResourceToken()

  deinit {
    #if TRACE_RESOURCES
      Resources.observeOnEnded(on: scheduler)
    #endif
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @inlinable
  init(downstream: AnyObserver<Element>, scheduler: Scheduler) {
    self.downstream = downstream
    self.scheduler = scheduler
    #if TRACE_RESOURCES
      Resources.observeOnStarted(on: scheduler)
    #endif
  }

  @inlinable
  var isDisposed: Bool { state.withLock { $0.isCancelled } }

  /// Receives an event from upstream (serially) and queues it, or delivers an element at once
  /// when a main scheduler would run its drain at once (see `deliverAtOnce`).
  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    if case .next = event, let main = mainScheduler,
      main.runIfImmediate({ deliverAtOnce(event) }) != nil
    {
      return
    }
    var scheduleGeneration: UInt?
    if event.isStopEvent {
      // The source is disposed once the event is queued, before it is delivered.
      upstream.terminate { scheduleGeneration = enqueue(event) }
    } else {
      scheduleGeneration = enqueue(event)
    }
    if let scheduleGeneration { scheduleDrain(scheduleGeneration) }
  }

  /// `scheduler` as a `MainScheduler`, if it is one: decided when compiled for a scheduler type
  /// (the metatype test keeps other schedulers from paying for a dynamic cast).
  @inlinable
  var mainScheduler: MainScheduler? {
    Scheduler.self == MainScheduler.self ? scheduler as? MainScheduler : nil
  }

  /// Delivers an element from inside the main scheduler's `runIfImmediate`, without the queue:
  /// what a drain scheduled now would do. Every drain of this sink is an action of `scheduler`,
  /// and `runIfImmediate` runs only when none of its actions is pending or running, so no drain
  /// is: the queue is empty and `isScheduled` is clear (upstream is serial, so no `on` is half
  /// way between queueing and scheduling). The gate keeps the dispose barrier.
  @inlinable
  func deliverAtOnce(_ event: Event<Element>) {
    guard gate.enter() else { return }
    downstream.on(event)
    _ = gate.leave()
  }

  /// Queues `event`; returns the generation of the drain to schedule, if none is scheduled.
  @inlinable
  func enqueue(_ event: Event<Element>) -> UInt? {
    state.withLock { state in
      if state.isCancelled { return nil }
      state.queue.append(event)
      return state.scheduleIfIdle()
    }
  }

  @inlinable
  func scheduleDrain(_ drainGeneration: UInt) {
    let work = scheduler.schedule(self) { sink in
      sink.drain()
      return Disposables.create()
    }
    // Keep the handle only while that drain is still the pending one, so `dispose()` can cancel it.
    let keep: Bool = state.withLock { state in
      guard !state.isCancelled else { return false }
      if state.isScheduled && state.generation == drainGeneration { state.drainWork = work }
      return true
    }
    if !keep { work.dispose() }
  }

  /// Delivers the oldest queued event, then schedules the next drain while events remain: one
  /// event per scheduled action, as RxSwift, so on a virtual clock each event takes its own step
  /// (`just(1)` observed on a `TestScheduler` at 200: the element at 201, the completion at 202).
  ///
  /// A drain that the scheduler runs while the previous one is still in `scheduleDrain` (an
  /// immediate scheduler, or a concurrent one that is quick) only asks that one to go on, so
  /// the stack does not grow with the number of queued events.
  @inlinable
  func drain() {
    let starts: Bool = state.withLock { state in
      guard case .idle = state.drain else {
        state.drain = .requested
        return false
      }
      state.drain = .running
      return true
    }
    guard starts else { return }
    while true {
      if gate.enter() {
        while deliverOne() {}
        _ = gate.leave()
      }
      // The drain goes idle only here, after `leave()`: a drain starting earlier (scheduled by
      // `on` once `isScheduled` was cleared) is handed to this one instead of entering the gate
      // while this one still holds it.
      let again: Bool = state.withLock { state in
        if case .requested = state.drain {
          state.drain = .running
          return true
        }
        state.drain = .idle
        return false
      }
      if !again { return }
    }
  }

  /// One turn of `drain`: delivers an event and schedules the next drain; `true` when that drain
  /// already ran (asking this one to deliver the next event).
  @inlinable
  func deliverOne() -> Bool {
    let (finished, event) = state.withLock { state -> (Disposable?, Event<Element>?) in
      let finished = state.drainWork
      state.drainWork = nil
      guard !state.isCancelled, let event = state.queue.popFirst() else {
        state.isScheduled = false
        return (finished, nil)
      }
      return (finished, event)
    }
    _ = finished
    guard let event else { return false }
    downstream.on(event)
    let nextGeneration: UInt? = state.withLock { state in
      if state.isCancelled || state.queue.isEmpty {
        state.isScheduled = false
        return nil
      }
      state.generation &+= 1
      state.drain = .running
      return state.generation
    }
    guard let nextGeneration else { return false }
    scheduleDrain(nextGeneration)
    return state.withLock { state in
      guard case .requested = state.drain else { return false }
      state.drain = .running
      return true
    }
  }

  @usableFromInline
  func dispose() {
    let cancelled: (FIFO<Event<Element>>, Disposable?)? = state.withLock { state in
      if state.isCancelled { return nil }
      state.isCancelled = true
      let dropped = state.queue
      state.queue = FIFO()
      let work = state.drainWork
      state.drainWork = nil
      return (dropped, work)
    }
    guard let (dropped, work) = cancelled else { return }
    upstream.dispose()
    _ = gate.close()  // waits for a drain in progress on another thread
    work?.dispose()
    _ = dropped
  }
}
