extension ObservableType {
  /// Drops the source's elements for `duration` after subscription, then forwards them; terminal
  /// events are always forwarded.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, duration 45 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-b-c-d|")
  /// let res = scheduler.start { xs.skip(for: .seconds(45), scheduler: scheduler) }
  /// #expect(res.events == (try Marbles.events("^-----c-d|")))
  /// ```
  ///
  /// - Parameters:
  ///   - duration: how long to drop elements.
  ///   - scheduler: where the timer runs.
  /// - Complexity: O(1) per element: the source's events and the timer are serialized (as
  ///   RxSwift's lock), so an element is dropped or forwarded as of when it is handled.
  @inlinable
  public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    asObservable().forDuration(duration, scheduler: scheduler, takes: false)
  }

  /// `skip(for:scheduler:)` under RxSwift 6's spelling.
  @inlinable
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    skip(for: duration, scheduler: scheduler)
  }
}
