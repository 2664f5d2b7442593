extension ObservableType {
  /// Shifts every element and the completion later by `dueTime`; an error is forwarded at once,
  /// dropping whatever was still waiting.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 20 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-|")
  /// let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^---a-b-|")))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: how much later each event is delivered.
  ///   - scheduler: the clock, and where delayed events are delivered.
  /// - Complexity: O(1) amortized per element; memory grows with the number of elements in flight.
  @inlinable
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timed(DelayStateMachine(dueTime: dueTime), on: scheduler)
  }
}
