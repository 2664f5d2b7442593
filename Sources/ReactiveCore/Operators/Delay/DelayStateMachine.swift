import Dispatch
import ReactiveEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state of `delay` (see `TimedSink`).
///
/// Elements and the completion are queued with their due dates; one timer at a time waits for the
/// oldest, and each timer delivers at most one event. An error empties the queue.
@usableFromInline
struct DelayStateMachine<Element>: TimedStateMachine {
  @usableFromInline let dueNanoseconds: Int64
  /// Elements and the completion (never an error), oldest first.
  @usableFromInline var queue = FIFO<(due: RxTime, event: Event<Element>)>()
  @usableFromInline var timerRunning = false
  /// The completion is queued: later source events are ignored.
  @usableFromInline var sourceDone = false

  @usableFromInline
  init(dueTime: RxTimeInterval) {
    self.dueNanoseconds = dueTime.nanosecondsValue ?? .max
  }

  @inlinable
  mutating func next(_ element: Element, now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    enqueue(.next(element), now: now())
  }

  /// The completion is queued like an element (the sink releases the source meanwhile).
  @inlinable
  mutating func completed(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    enqueue(.completed, now: now())
  }

  /// Queues an element or the completion, due `dueTime` after `now`.
  @inlinable
  mutating func enqueue(_ event: Event<Element>, now: RxTime) -> TimedAction<Element> {
    guard !sourceDone else { return .none }
    sourceDone = event.isCompleted
    let due = now.addingTimeInterval(Double(dueNanoseconds) / 1_000_000_000)
    queue.append((due, event))
    if timerRunning { return .none }
    timerRunning = true
    return .startTimer(after: .nanoseconds(Int(clamping: dueNanoseconds)))
  }

  /// The timer fired: deliver the oldest event once due, otherwise wait for it.
  @inlinable
  mutating func timerFired(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    timerRunning = false
    guard let first = queue.first else { return .none }
    let remaining = first.due.timeIntervalSince(now()) * 1_000_000_000
    if remaining <= 0 {
      _ = queue.popFirst()
      guard case .next(let element) = first.event else { return .complete(flushing: nil) }
      return .emit(element)
    }
    return startTimer(nanoseconds: remaining)
  }

  /// After delivering an element: start the timer for the next event, even when it is already due
  /// (a timer of 0), so that every event gets a scheduled step of its own as in RxSwift (on a
  /// `TestScheduler` an element and the completion due at 202 arrive at 202 and 203).
  @inlinable
  mutating func emitted(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    guard !timerRunning, let first = queue.first else { return .none }
    return startTimer(nanoseconds: max(first.due.timeIntervalSince(now()) * 1_000_000_000, 0))
  }

  @inlinable
  mutating func startTimer(nanoseconds: Double) -> TimedAction<Element> {
    timerRunning = true
    return .startTimer(after: .nanoseconds(Int(clamping: Int64(nanoseconds.rounded(.up)))))
  }

  /// An error: everything queued is dropped.
  @inlinable
  mutating func failed() {
    queue.removeAll()
  }
}
