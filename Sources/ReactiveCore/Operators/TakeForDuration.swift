extension ObservableType {
  /// Forwards the source's events for `duration` after subscription, then completes.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, duration 50 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-c-d|")
  /// let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^-a-b|")))
  /// ```
  ///
  /// - Parameters:
  ///   - duration: how long to forward elements.
  ///   - scheduler: where the timer runs and the completion is sent.
  @inlinable
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = TakeForDurationSink(downstream: downstream)
      sink.timer.setDisposable(
        scheduler.scheduleRelative((), dueTime: duration) { _ in
          sink.serializer.submit(.completed)
          return Disposables.create()
        })
      sink.upstream.setDisposable(
        source.subscribe(AnyObserver(eventHandler: { sink.serializer.submit($0) })))
      return sink
    })
  }
}

@usableFromInline
final class TakeForDurationSink<Element>: Disposable, @unchecked Sendable {
  // Upstream events and the timer's completion both go through `serializer`; the rest is
  // immutable or thread-safe.
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let timer = SingleAssignmentDisposable()
  @usableFromInline let token = ResourceToken()
  @usableFromInline var serializer: Serializer<Event<Element>>!

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
    // Unowned: whoever submits holds the sink (the upstream observer and the timer closure do).
    serializer = Serializer { [unowned self] in self.handle($0) }
  }

  @inlinable
  func handle(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    if case .next = event {
      downstream.on(event)
      return
    }
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    dispose()
  }

  @inlinable
  func dispose() {
    upstream.dispose()
    timer.dispose()
  }
}
