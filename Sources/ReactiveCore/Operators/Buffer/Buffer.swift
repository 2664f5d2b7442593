extension ObservableType {
  /// Collects elements into arrays, emitted every `timeSpan` or as soon as `count` elements are
  /// collected, whichever comes first.
  ///
  /// Every window ends with an emission, so a window without elements emits `[]`; a count-filled
  /// window starts a new `timeSpan`. On completion the current buffer is emitted (even empty),
  /// then the completion; an error drops it. As in RxSwift.
  ///
  /// ```swift
  /// // One marble column per 10 ticks, timeSpan 30 ticks, count 2, subscribed at "^" (200):
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = try scheduler.createHotObservable("^-a-bc------d|")
  /// let res = scheduler.start {
  ///   xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
  /// }
  /// #expect(res.events == [.next(230, ["a"]), .next(250, ["b", "c"]), .next(280, []),
  ///                        .next(310, []), .next(330, ["d"]), .completed(330)])
  /// ```
  ///
  /// - Parameters:
  ///   - timeSpan: the longest a window lasts.
  ///   - count: the most elements per window.
  ///   - scheduler: where the timers run.
  /// - Complexity: O(1) amortized per element.
  @inlinable
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
    -> Observable<[Element]>
  {
    timed(BufferStateMachine(timeSpan: timeSpan, count: count), on: scheduler)
  }
}
