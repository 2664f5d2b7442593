extension ObservableType where Element: FixedWidthInteger {
  /// An observable that emits `0` after `dueTime` and completes, or, with a `period`, emits
  /// `0, 1, 2, …` at `dueTime`, `dueTime + period`, `dueTime + 2 * period`, … until disposed.
  ///
  /// ```swift
  /// _ = Observable<Int>.timer(.seconds(1), scheduler: MainScheduler.instance)
  ///   .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
  /// // Prints (after one second): 0
  /// // Prints: done
  /// ```
  ///
  /// On a `TestScheduler` subscribed at 200, `timer(.seconds(10), period: .seconds(5), …)` emits
  /// at 210, 215, 220, …
  ///
  /// - Parameters:
  ///   - dueTime: the delay before the first element.
  ///   - period: the interval between later elements; `nil` for a single element.
  ///   - scheduler: where the timer runs and elements are emitted.
  /// - Complexity: O(1) per element.
  @inlinable
  public static func timer(
    _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
  ) -> Observable<Element> {
    Observable(subscribeHandler: { downstream in
      let sink = GuardedSink(downstream: downstream)
      if let period {
        sink.holder.setDisposable(
          scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
            sink.forward(.next(count))
            return count &+ 1
          })
      } else {
        sink.holder.setDisposable(
          scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            sink.complete(after: Element.zero)
            return Disposables.create()
          })
      }
      return sink.holder
    })
  }
}
