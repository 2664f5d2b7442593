extension ObservableType {
  /// Delivers events on `scheduler`, in the order they arrived.
  ///
  /// Events are queued and a drain is scheduled when the queue becomes non-empty; the drain
  /// delivers everything queued, one event at a time, so downstream never sees two events at once
  /// even on a concurrent scheduler. An error never overtakes earlier elements. Disposing drops the
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
  /// - Complexity: O(1) per event: a lock round trip to queue it and one to take it; one
  ///   scheduled drain per burst of events. No allocation per event in steady state beyond what
  ///   the scheduler needs for each drain it runs.
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
  // `queue`, `isScheduled`, `generation`, `isCancelled` and `drainWork` are guarded by `lock`.
  // Drains are serial: a new one is scheduled only after the previous one cleared `isScheduled`.
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
  @usableFromInline let gate = RunGate()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, scheduler: Scheduler) {
    self.downstream = downstream
    self.scheduler = scheduler
  }

  @inlinable
  var isDisposed: Bool { lock.withLock { isCancelled } }

  /// Receives an event from upstream (serially) and queues it.
  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    let isStop = event.isStopEvent
    if isStop && !upstream.tryTerminate() { return }
    lock.lock()
    if isCancelled {
      lock.unlock()
      return
    }
    queue.append(event)
    var scheduleGeneration: UInt?
    if !isScheduled {
      isScheduled = true
      generation &+= 1
      scheduleGeneration = generation
    }
    lock.unlock()
    if isStop { upstream.dispose() }
    if let scheduleGeneration { scheduleDrain(scheduleGeneration) }
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

  @usableFromInline
  func drain() {
    guard gate.enter() else { return }
    while true {
      lock.lock()
      guard !isCancelled, let event = queue.popFirst() else {
        isScheduled = false
        let finished = drainWork
        drainWork = nil
        lock.unlock()
        _ = finished
        break
      }
      lock.unlock()
      downstream.on(event)
    }
    _ = gate.leave()
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
