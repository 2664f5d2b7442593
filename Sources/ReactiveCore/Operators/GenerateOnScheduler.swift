extension ObservableType {
  /// Emits states from `initialState`, advancing with `iterate`, while `condition` holds, one
  /// scheduled step per element on `scheduler`; then completes in the step that finds
  /// `condition` false.
  ///
  /// A throwing `condition` or `iterate` fails the sequence. Disposing stops it before the next
  /// step; on `CurrentThreadScheduler` it is stopped early by `take(_:)` and friends, as the
  /// synchronous generators are. On a `TestScheduler` subscribed at 200, the elements come at
  /// 201, 202, … (as RxSwift).
  ///
  /// ```swift
  /// _ = Observable.generate(
  ///   initialState: 1, condition: { $0 < 10 }, scheduler: CurrentThreadScheduler.instance,
  ///   iterate: { $0 * 3 }
  /// ).subscribe(onNext: { print($0) })
  /// // Prints: 1
  /// // Prints: 3
  /// // Prints: 9
  /// ```
  public static func generate<Scheduler: ImmediateSchedulerType>(
    initialState: Element, condition: @escaping (Element) throws -> Bool, scheduler: Scheduler,
    iterate: @escaping (Element) throws -> Element
  ) -> Observable<Element> {
    Observable(subscribeHandler: { downstream in
      let sink = ScheduledGenerateSink(
        downstream: downstream, state: initialState, condition: condition, iterate: iterate)
      sink.upstream.setDisposable(
        scheduler.scheduleRecursive(true) { isFirst, recurse in sink.step(isFirst, recurse) })
      return sink.upstream
    })
  }

  /// Emits `element` over and over, one scheduled step per element on `scheduler`, until
  /// disposed.
  ///
  /// ```swift
  /// let scheduler = SerialDispatchQueueScheduler(qos: .default)
  /// _ = Observable.repeatElement("a", scheduler: scheduler).take(2)
  ///   .subscribe(onNext: { print($0) })
  /// // Prints: a
  /// // Prints: a
  /// ```
  public static func repeatElement<Scheduler: ImmediateSchedulerType>(
    _ element: Element, scheduler: Scheduler
  ) -> Observable<Element> {
    generate(
      initialState: element, condition: { _ in true }, scheduler: scheduler, iterate: { $0 })
  }
}

/// The state of one scheduled `generate` subscription.
final class ScheduledGenerateSink<Element>: @unchecked Sendable {
  // `state` is touched only by the scheduled steps, which run one after another (each step is
  // scheduled by the previous one, after it has emitted).
  let downstream: AnyObserver<Element>
  var state: Element
  let condition: (Element) throws -> Bool
  let iterate: (Element) throws -> Element
  let upstream = SingleAssignmentDisposable()
  let token = ResourceToken()

  init(
    downstream: AnyObserver<Element>, state: Element,
    condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element
  ) {
    self.downstream = downstream
    self.state = state
    self.condition = condition
    self.iterate = iterate
  }

  /// One step: iterate (except the first time), then emit and schedule the next step, or complete.
  func step(_ isFirst: Bool, _ recurse: (Bool) -> Void) {
    guard !upstream.isStopped else { return }
    do {
      if !isFirst { state = try iterate(state) }
      if try condition(state) {
        downstream.on(.next(state))
        recurse(false)
      } else {
        terminate(.completed)
      }
    } catch {
      terminate(.error(error))
    }
  }

  func terminate(_ event: Event<Element>) {
    upstream.terminate { downstream.on(event) }
  }
}
