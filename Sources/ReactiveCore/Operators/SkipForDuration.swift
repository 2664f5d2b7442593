import Synchronization

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
  /// - Complexity: O(1) per element: one atomic load.
  @inlinable
  public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable(subscribeHandler: { downstream in
      let sink = SkipForDurationSink(downstream: downstream)
      sink.timer.setDisposable(
        scheduler.scheduleRelative((), dueTime: duration) { _ in
          sink.isOpen.store(true, ordering: .releasing)
          return Disposables.create()
        })
      sink.upstream.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.on)))
      return sink
    })
  }

  /// `skip(for:scheduler:)` under RxSwift 6's spelling.
  @inlinable
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    skip(for: duration, scheduler: scheduler)
  }
}

@usableFromInline
final class SkipForDurationSink<Element>: Disposable, @unchecked Sendable {
  // Upstream events are serial by contract; the timer only sets the atomic `isOpen`.
  @usableFromInline let downstream: AnyObserver<Element>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let timer = SingleAssignmentDisposable()
  @usableFromInline let isOpen = Atomic<Bool>(false)
  @usableFromInline let token = ResourceToken()

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }

  @inlinable
  func on(_ event: Event<Element>) {
    guard !upstream.isStopped else { return }
    if case .next = event {
      if isOpen.load(ordering: .acquiring) { downstream.on(event) }
      return
    }
    guard upstream.tryTerminate() else { return }
    downstream.on(event)
    dispose()
  }

  @inlinable
  func dispose() {
    upstream.dispose()
    timer.dispose()
  }
}
