extension ObservableType {
  /// Emits the first element at once, then at most one element per `dueTime` window.
  ///
  /// The window is measured from the last emission. An element arriving after the window passed
  /// is emitted at once. With `latest: true` (the default) the last element that arrived during the
  /// window is emitted at the window's end, and a completion waits for that trailing element; with
  /// `latest: false` elements during the window are dropped. An error is forwarded at once and drops
  /// the trailing element. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, dueTime 30 ticks, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-abc----d-e|")
  /// let latest = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
  /// #expect(latest.events == (try Marbles.events("^-a--c---d--(e|)")))
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: the length of the window after each emission.
  ///   - latest: whether to emit the last element of a window at its end.
  ///   - scheduler: the clock, and where trailing elements are emitted.
  /// - Complexity: O(1) per element.
  @inlinable
  public func throttle(
    _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
  ) -> Observable<Element> {
    timed(ThrottleStateMachine(dueTime: dueTime, latest: latest), on: scheduler)
  }
}
