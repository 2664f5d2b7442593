import ReactiveCore
import ReactiveEngine

/// An observable that plays recorded events on a `TestScheduler` and logs its subscriptions.
///
/// Made by `TestScheduler.createHotObservable(_:)` (events at absolute times, shared by all
/// subscribers present at that time) or `createColdObservable(_:)` (events at times relative to
/// each subscription).
///
/// ```swift
/// let xs = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
/// let res = scheduler.start { xs.map { $0.uppercased() } }
/// #expect(res.events == [.next(210, "A"), .completed(220)])
/// #expect(xs.subscriptions == [Subscription(200, 220)])  // map disposes its source on completion
/// ```
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {
  enum Kind { case hot, cold }

  // Mutable state is behind `state`; `recordedEvents` and `kind` are immutable. Observers are
  // called with no lock held.
  private struct State {
    var subscriptions: [Subscription] = []
    var observers: [(id: Int, observer: AnyObserver<Element>)] = []
  }

  private let kind: Kind
  private weak var scheduler: TestScheduler?
  private let state = Locked(State())

  /// The events this observable plays.
  public let recordedEvents: [Recorded<Event<Element>>]

  init(kind: Kind, scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    self.kind = kind
    self.scheduler = scheduler
    self.recordedEvents = recordedEvents
    if kind == .hot {
      for recorded in recordedEvents {
        // Scheduled now, so a hot event runs before later-scheduled work due at the same time.
        // The queue holds this observable until then (as RxTest), so `xs.bind(to:)` without
        // keeping `xs` works; there is no cycle because this observable holds the scheduler weakly.
        scheduler.scheduleAt(recorded.time) {
          let observers = self.state.withLock { $0.observers }
          for entry in observers { entry.observer.on(recorded.value) }
        }
      }
    }
  }

  /// Every subscription so far: when it was made and when it was disposed.
  public var subscriptions: [Subscription] { state.withLock { $0.subscriptions } }

  /// Logs a subscription at the current virtual time and plays the events to `observer`: a hot
  /// observable from now on, a cold one each at its time after now. Disposing logs the end.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let observer = AnyObserver(observer)
    let clock = scheduler?.clock ?? 0
    let index = state.withLock { state in
      state.subscriptions.append(Subscription(clock))
      let index = state.subscriptions.count - 1
      if kind == .hot { state.observers.append((index, observer)) }
      return index
    }
    var scheduled: [Disposable] = []
    if kind == .cold, let scheduler {
      scheduled = recordedEvents.map { recorded in
        scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
          observer.on(recorded.value)
          return Disposables.create()
        }
      }
    }
    return Disposables.create { [weak self] in
      for item in scheduled { item.dispose() }
      guard let self else { return }
      let now = self.scheduler?.clock ?? 0
      self.state.withLock { state in
        state.subscriptions[index] = Subscription(state.subscriptions[index].subscribe, now)
        state.observers.removeAll { $0.id == index }
      }
    }
  }
}
