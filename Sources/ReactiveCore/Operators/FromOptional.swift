extension ObservableType {
  /// Emits the wrapped value of `optional` and completes; completes at once for `nil`.
  ///
  /// ```swift
  /// _ = Observable.from(optional: Int("5")).subscribe(onNext: { print($0) })
  /// // Prints: 5
  /// ```
  public static func from(optional: Element?) -> Observable<Element> {
    guard let element = optional else { return Observable.empty() }
    return Observable.just(element)
  }

  /// Emits the wrapped value of `optional` and completes, both on `scheduler`.
  public static func from<Scheduler: ImmediateSchedulerType>(
    optional: Element?, scheduler: Scheduler
  ) -> Observable<Element> {
    Observable.from(optional.map { [$0] } ?? [], scheduler: scheduler)
  }
}
