extension ObservableType where Element: FixedWidthInteger {
  /// An observable that emits `0, 1, 2, …`, one element every `period`, the first one `period`
  /// after subscription; it never completes.
  ///
  /// ```swift
  /// let subscription = Observable<Int>.interval(.milliseconds(100), scheduler: MainScheduler.instance)
  ///   .subscribe(onNext: { print($0) })
  /// // Prints (every 100 ms): 0, 1, 2, …
  /// subscription.dispose()   // stops it
  /// ```
  ///
  /// On a `TestScheduler` subscribed at 200, `interval(.seconds(100), …)` emits at 300, 400, …
  /// Same as `timer(period, period: period, scheduler: scheduler)`.
  /// - Complexity: O(1) per element.
  @inlinable
  public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType)
    -> Observable<Element>
  {
    timer(period, period: period, scheduler: scheduler)
  }
}
