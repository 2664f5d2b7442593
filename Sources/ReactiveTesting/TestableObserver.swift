import ReactiveCore
import ReactiveEngine

/// An observer that records every event with the virtual time it arrived at.
///
/// ```swift
/// let observer = scheduler.createObserver(Int.self)
/// scheduler.scheduleAt(300) { observer.onNext(1) }
/// scheduler.start()
/// #expect(observer.events == [.next(300, 1)])
/// ```
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
  // `recorded` is behind its lock; `scheduler` is set once in `init` and only read after.
  private weak var scheduler: TestScheduler?
  private let recorded = Locked<[Recorded<Event<Element>>]>([])

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Every event received so far, with its virtual time.
  public var events: [Recorded<Event<Element>>] { recorded.withLock { $0 } }

  /// Records `event` with the current virtual time.
  public func on(_ event: Event<Element>) {
    let time = scheduler?.clock ?? 0
    recorded.withLock { $0.append(Recorded(time: time, value: event)) }
  }
}
