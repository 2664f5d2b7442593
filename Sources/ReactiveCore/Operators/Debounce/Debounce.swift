extension ObservableType {
  /// Emits an element only once `dueTime` has passed without another element.
  ///
  /// On completion the pending element (if any) is emitted at once, then the completion; an error
  /// drops the pending element and is forwarded at once. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 30 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b----c-d-|")
  /// let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^------b-----(d|)")))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: the silence needed before an element is emitted.
  ///   - scheduler: where the timer runs; elements are emitted there (or on the source's thread
  ///     for the flush on completion).
  /// - Complexity: O(1) per element; one timer per element.
  @inlinable
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timed(DebounceStateMachine(dueTime: dueTime), on: scheduler)
  }
}
