extension ObservableType {
  /// Subscribes to the source only after `dueTime`; its events then pass through unchanged.
  ///
  /// ```swift
  /// // Subscribed at 200 with dueTime 50 ticks: the cold, never-ending source is subscribed at 250.
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createColdObservable("-a-b")
  /// let res = scheduler.start { xs.delaySubscription(.seconds(50), scheduler: scheduler) }
  /// #expect(xs.subscriptions == [Subscription(250, 1000)])
  /// #expect(res.events == [.next(260, "a"), .next(280, "b")])
  /// ```
  ///
  /// Disposing before `dueTime` cancels the subscription; the source is never subscribed.
  /// - Parameters:
  ///   - dueTime: how long to wait before subscribing.
  ///   - scheduler: where the subscription happens.
  @inlinable
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = DelaySubscriptionSink(downstream: downstream)
      sink.subscription.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
        sink.subscribe(source)
        return Disposables.create()
      }
      return sink.subscription
    })
  }
}

@usableFromInline
final class DelaySubscriptionSink<Element>: @unchecked Sendable {  // immutable; events pass through
  @usableFromInline let downstream: AnyObserver<Element>
  /// The pending timer, then the source subscription.
  @usableFromInline let subscription = SerialDisposable()
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }

  @inlinable
  func subscribe(_ source: Observable<Element>) {
    guard !subscription.isDisposed else { return }
    let inner = SingleAssignmentDisposable()
    subscription.disposable = inner
    inner.setDisposable(
      source.subscribe(
        AnyObserver(eventHandler: { event in inner.forward(event, to: self.downstream) })))
  }
}
