import ReactiveEngine
import Synchronization

extension ObservableType {
  /// Resubscribes to the source each time the trigger sequence returned by `notificationHandler`
  /// emits an element.
  ///
  /// `notificationHandler` runs once per subscription and receives the errors of the failed
  /// attempts (of type `Failure`; any other error ends the result at once). Its sequence is
  /// subscribed to before the source, but, as in RxSwift, it is listened to only after an attempt
  /// failed: then its first element starts a new attempt, its error ends the result with that
  /// error, and its completion completes the result. Elements it sends while an attempt runs are
  /// ignored; when it terminates while an attempt runs, the source keeps running, and that
  /// terminal event ends the result at the next failure. Events from the source and the trigger
  /// are serialized, and synchronous retries run in a loop, not by recursion.
  ///
  /// ```swift
  /// struct NetworkError: Error {}
  /// let flakyRequest = Observable<String>.error(NetworkError())
  /// let retried = flakyRequest.retry(when: { (errors: Observable<NetworkError>) in
  ///   errors.scan(0) { failures, error in
  ///     if failures == 2 { throw error }
  ///     return failures + 1
  ///   }
  /// })
  /// _ = retried.subscribe(onError: { print($0) })
  /// // Subscribes to `flakyRequest` 3 times, then fails with the third error.
  /// // Prints: NetworkError()
  /// ```
  @inlinable
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    retryWhen(notificationHandler)
  }

  /// Resubscribes to the source each time the trigger sequence returned by `notificationHandler`
  /// emits an element; `notificationHandler` receives every error. See
  /// `retry(when:)` with a typed error sequence for the details.
  @inlinable
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    retryWhen(notificationHandler)
  }

  @inlinable
  func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
    _ notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = RetryWhenSink<Element, Failure, TriggerObservable.Element>(
        downstream: downstream, source: source)
      let trigger = notificationHandler(sink.errors.asObservable())
      sink.trigger.setDisposable(trigger.subscribe(AnyObserver(eventHandler: sink.onTrigger)))
      // The first attempt subscribes at once, as in RxSwift; attempts asked for inside this
      // `subscribe` wait on the trampoline until it returned (see `handle`).
      sink.insideSubscribe.store(true, ordering: .relaxed)
      sink.drainer.submit(.start, to: sink)
      sink.insideSubscribe.store(false, ordering: .releasing)
      return sink
    })
  }
}

/// Runs `retry(when:)`: every source and trigger event goes through one `Drainer`, whose drain
/// loop also turns synchronous resubscription into iteration.
@usableFromInline
final class RetryWhenSink<Element, Failure: Swift.Error, Trigger>: Disposable, DrainerOwner,
  @unchecked Sendable
{
  // `drainer` runs `handle` one item at a time; the disposables and the subject are thread-safe.
  @usableFromInline enum Item {
    case start
    /// The trigger asked for a new attempt; queued, so that a trigger terminal event sent right
    /// after the element still ends the result (RxSwift forwards it before resubscribing).
    case resubscribe
    case source(Event<Element>, attempt: SingleAssignmentDisposable)
    case trigger(Event<Trigger>)
  }

  /// Where the current attempt is (see `phase`).
  @usableFromInline enum Phase {
    /// An attempt runs: the trigger's elements are ignored, its terminal event is kept.
    case running
    /// An attempt failed and its error went to the notification handler: waiting for the trigger.
    case failed
    /// The trigger asked for a new attempt, which is queued.
    case resubscribing
  }

  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let source: Observable<Element>
  /// The failures of the attempts, fed to the notification handler's sequence.
  @usableFromInline let errors = PublishSubject<Failure>()
  /// The current attempt.
  @usableFromInline let serial = SerialDisposable()
  @usableFromInline let trigger = SingleAssignmentDisposable()
  /// Holds no disposable: its flags record termination and disposal of the whole sink.
  @usableFromInline let lifetime = SingleAssignmentDisposable()
  @usableFromInline let drainer = Drainer<Item>()
  /// Drainer-owned, as `pendingTriggerEnd`.
  @usableFromInline @exclusivity(unchecked) var phase = DrainerOwned(Phase.running)
  /// The trigger's terminal event, sent while an attempt ran: it ends the result at the next failure.
  @usableFromInline @exclusivity(unchecked) var pendingTriggerEnd = DrainerOwned<Event<Element>?>(
    nil)
  @usableFromInline let token = ResourceToken()
  /// `true` while the subscription that made this sink runs: an operator that can end the
  /// sequence early (`take`) does not hold its disposable yet, so a new attempt asked for then
  /// waits on the trampoline, where `take` can stop it (retrying a synchronously failing source
  /// forever still ends under `take`).
  @usableFromInline let insideSubscribe = Atomic<Bool>(false)

  deinit {
    let words = downstream.layoutWords
    Trampoline.releaseDownstream(of: self, expecting: words)
  }

  @inlinable
  init(downstream: AnyObserver<Element>, source: Observable<Element>) {
    self.downstream = downstream
    self.source = source
  }

  @inlinable
  func onTrigger(_ event: Event<Trigger>) {
    guard !lifetime.isStopped else { return }
    drainer.submit(.trigger(event), to: self)
  }

  @inlinable
  func handle(_ item: Item, _ role: borrowing DrainerRole) {
    guard !lifetime.isStopped else { return }
    switch item {
    case .start, .resubscribe:
      phase.set(.running, role)
      subscribeAttempt()
    case .trigger(.next):
      guard phase.get(role) == .failed else { return }
      phase.set(.resubscribing, role)
      if insideSubscribe.load(ordering: .acquiring) {
        Trampoline.startOrQueue(TrampolineWork { self.drainer.submit(.resubscribe, to: self) })
      } else {
        drainer.submit(.resubscribe, to: self)
      }
    case .trigger(.error(let error)):
      triggerEnded(.error(error), role)
    case .trigger(.completed):
      triggerEnded(.completed, role)
    case .source(let event, let attempt):
      guard !attempt.isStopped else { return }  // a replaced attempt
      switch event {
      case .next: downstream.on(event)
      case .completed: terminate(.completed)
      case .error(let error):
        attempt.dispose()
        if let failure = error as? Failure {
          if let end = pendingTriggerEnd.get(role) {
            terminate(end)
          } else {
            phase.set(.failed, role)
            errors.on(.next(failure))
          }
        } else {
          terminate(.error(error))
        }
      }
    }
  }

  /// The trigger terminated: it ends the result now if an attempt failed, else at the next failure.
  @inlinable
  func triggerEnded(_ end: Event<Element>, _ role: borrowing DrainerRole) {
    trigger.dispose()  // released at its end, as a terminated source is in RxSwift
    if phase.get(role) == .running {
      pendingTriggerEnd.set(end, role)
    } else {
      terminate(end)
    }
  }

  @inlinable
  func subscribeAttempt() {
    let attempt = SingleAssignmentDisposable()
    serial.disposable = attempt
    attempt.setDisposable(
      source.subscribe(
        AnyObserver(eventHandler: { event in
          guard !self.lifetime.isStopped else { return }
          self.drainer.submit(.source(event, attempt: attempt), to: self)
        })))
  }

  @inlinable
  func terminate(_ event: Event<Element>) {
    guard lifetime.terminate({ downstream.on(event) }) else { return }
    dispose()
  }

  @inlinable
  func dispose() {
    lifetime.dispose()
    trigger.dispose()
    serial.dispose()
  }
}
