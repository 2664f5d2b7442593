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
      let sink = SuccessionSink(downstream: downstream, rule: DelaySubscriptionRule(source: source))
      sink.serial.disposable = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
        sink.subscribeNext()
        return Disposables.create()
      }
      return sink.serial
    })
  }
}

/// A succession of one: the pending timer is the current "subscription" until it fires, then the
/// source's (see `SuccessionSink`).
@usableFromInline
struct DelaySubscriptionRule<Element>: SuccessionRule {
  // Immutable; the sink's thread safety applies.
  @usableFromInline let source: Observable<Element>

  @inlinable
  init(source: Observable<Element>) { self.source = source }

  /// The timer fired: subscribes to the source, unless disposed meanwhile. One subscription only,
  /// so no `loop` is needed.
  @inlinable
  static func subscribeNext(_ sink: SuccessionSink<Self>) {
    guard !sink.serial.isDisposed else { return }
    sink.subscribeCurrent(sink.rule.source)
  }

  /// The source's terminal event ends the result.
  @inlinable
  static func movesOn(after terminal: Event<Element>, _ sink: SuccessionSink<Self>) -> Bool {
    false
  }
}
