extension ObservableType {
  /// Resubscribes to the source each time the trigger sequence returned by `notificationHandler`
  /// emits an element.
  ///
  /// `notificationHandler` runs once per subscription and receives the errors of the failed
  /// attempts (of type `Failure`; any other error ends the result at once). Its sequence is
  /// subscribed to before the source: each element starts a new attempt, its error ends the result
  /// with that error, and its completion completes the result. Events from the source and the
  /// trigger are serialized, and synchronous retries run in a loop, not by recursion.
  ///
  /// ```swift
  /// let retried = flakyRequest.retry(when: { (errors: Observable<NetworkError>) in
  ///   errors.scan(0) { failures, error in
  ///     if failures == 2 { throw error }
  ///     return failures + 1
  ///   }
  /// })
  /// // Subscribes to `flakyRequest` up to 3 times, then fails with the third error.
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
      Trampoline.startOrQueue { sink.serializer.submit(.start) }
      return sink
    })
  }
}

/// Runs `retry(when:)`: every source and trigger event goes through one `Serializer`, whose drain
/// loop also turns synchronous resubscription into iteration.
@usableFromInline
final class RetryWhenSink<Element, Failure: Swift.Error, Trigger>: Disposable, @unchecked Sendable {
  // `serializer` runs `handle` one item at a time; the disposables and the subject are thread-safe.
  @usableFromInline enum Item {
    case start
    case source(Event<Element>, attempt: SingleAssignmentDisposable)
    case trigger(Event<Trigger>)
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
  @usableFromInline var serializer: Serializer<Item>!
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>, source: Observable<Element>) {
    self.downstream = downstream
    self.source = source
    serializer = Serializer { [unowned self] item in self.handle(item) }
  }

  @inlinable
  func onTrigger(_ event: Event<Trigger>) {
    guard !lifetime.isStopped else { return }
    serializer.submit(.trigger(event))
  }

  @inlinable
  func handle(_ item: Item) {
    guard !lifetime.isStopped else { return }
    switch item {
    case .start, .trigger(.next):
      subscribeAttempt()
    case .trigger(.error(let error)):
      terminate(.error(error))
    case .trigger(.completed):
      terminate(.completed)
    case .source(let event, let attempt):
      guard !attempt.isStopped else { return }  // a replaced attempt
      switch event {
      case .next: downstream.on(event)
      case .completed: terminate(.completed)
      case .error(let error):
        attempt.dispose()
        if let failure = error as? Failure {
          errors.on(.next(failure))
        } else {
          terminate(.error(error))
        }
      }
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
          self.serializer.submit(.source(event, attempt: attempt))
        })))
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
    trigger.dispose()
    serial.dispose()
  }
}
