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
  ///   one scheduled action per event (what the scheduler needs for each action it runs).
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

@usableFromInline
final class ObserveOnSink<Element, Scheduler: ImmediateSchedulerType>: Cancelable,
  @unchecked Sendable
{
  // `queue`, `isScheduled`, `generation`, `isCancelled`, `drainWork`, `isDraining` and
  // `drainRequested` are guarded by `lock`.
  // Drains are serial: a new one is scheduled by the previous one, or after it cleared
  // `isScheduled`.
  // `gate` makes `dispose()` wait for a drain in progress.
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let scheduler: Scheduler
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let lock = Lock.make()
  @usableFromInline @exclusivity(unchecked) var queue = FIFO<Event<Element>>()
  @usableFromInline @exclusivity(unchecked) var isScheduled = false
  @usableFromInline @exclusivity(unchecked) var generation: UInt = 0
  @usableFromInline @exclusivity(unchecked) var isCancelled = false
  @usableFromInline @exclusivity(unchecked) var drainWork: Disposable?
  /// A drain is running (between its start and its decision not to go on).
  @usableFromInline @exclusivity(unchecked) var isDraining = false
  /// A drain started while another was running: the running one delivers the next event.
  @usableFromInline @exclusivity(unchecked) var drainRequested = false
  @usableFromInline let gate = RunGate()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, scheduler: Scheduler) {
    self.downstream = downstream
    self.scheduler = scheduler
    #if TRACE_RESOURCES
      Resources.observeOnStarted(on: scheduler)
    #endif
  }

  #if TRACE_RESOURCES
    deinit { Resources.observeOnEnded(on: scheduler) }
  #endif

  @inlinable
  var isDisposed: Bool { lock.withLock { isCancelled } }

  /// Receives an event from upstream (serially) and queues it.
  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    var scheduleGeneration: UInt?
    if event.isStopEvent {
      // The source is disposed once the event is queued, before it is delivered.
      upstream.terminate { scheduleGeneration = enqueue(event) }
    } else {
      scheduleGeneration = enqueue(event)
    }
    if let scheduleGeneration { scheduleDrain(scheduleGeneration) }
  }

  /// Queues `event`; returns the generation of the drain to schedule, if none is scheduled.
  @inlinable
  func enqueue(_ event: Event<Element>) -> UInt? {
    lock.lock()
    defer { lock.unlock() }
    if isCancelled { return nil }
    queue.append(event)
    guard !isScheduled else { return nil }
    isScheduled = true
    generation &+= 1
    return generation
  }

  @usableFromInline
  func scheduleDrain(_ drainGeneration: UInt) {
    let work = scheduler.schedule(self) { sink in
      sink.drain()
      return Disposables.create()
    }
    // Keep the handle only while that drain is still the pending one, so `dispose()` can cancel it.
    let keep: Bool = lock.withLock {
      guard !isCancelled else { return false }
      if isScheduled && generation == drainGeneration { drainWork = work }
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
  @usableFromInline
  func drain() {
    lock.lock()
    if isDraining {
      drainRequested = true
      lock.unlock()
      return
    }
    isDraining = true
    lock.unlock()
    while true {
      if gate.enter() {
        while deliverOne() {}
        _ = gate.leave()
      }
      // `isDraining` is cleared only here, after `leave()`: a drain starting earlier (scheduled
      // by `on` once `isScheduled` was cleared) is handed to this one instead of entering the
      // gate while this one still holds it.
      let again: Bool = lock.withLock {
        if drainRequested {
          drainRequested = false
          return true
        }
        isDraining = false
        return false
      }
      if !again { return }
    }
  }

  /// One turn of `drain`: delivers an event and schedules the next drain; `true` when that drain
  /// already ran (asking this one to deliver the next event).
  @inlinable
  func deliverOne() -> Bool {
    lock.lock()
    let finished = drainWork
    drainWork = nil
    guard !isCancelled, let event = queue.popFirst() else {
      isScheduled = false
      lock.unlock()
      _ = finished
      return false
    }
    lock.unlock()
    _ = finished
    downstream.on(event)
    lock.lock()
    if isCancelled || queue.isEmpty {
      isScheduled = false
      lock.unlock()
      return false
    }
    generation &+= 1
    let nextGeneration = generation
    drainRequested = false
    lock.unlock()
    scheduleDrain(nextGeneration)
    return lock.withLock {
      guard drainRequested else { return false }
      drainRequested = false
      return true
    }
  }

  @usableFromInline
  func dispose() {
    lock.lock()
    if isCancelled {
      lock.unlock()
      return
    }
    isCancelled = true
    let dropped = queue
    queue = FIFO()
    let work = drainWork
    drainWork = nil
    lock.unlock()
    upstream.dispose()
    _ = gate.close()  // waits for a drain in progress on another thread
    work?.dispose()
    _ = dropped
  }
}
