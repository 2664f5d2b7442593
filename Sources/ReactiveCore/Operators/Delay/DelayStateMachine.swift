#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state of `delay`, without locking: the sink runs it serially (see `Serializer`).
///
/// Elements and the completion are queued with their due dates; one timer at a time waits for the
/// oldest, and each timer delivers at most one event. An error empties the queue.
@usableFromInline
struct DelayStateMachine<Element> {
  @usableFromInline
  enum Step {
    /// Nothing due and no timer needed (or one is already running).
    case idle
    /// Start a timer of `nanoseconds`.
    case startTimer(nanoseconds: Int64)
    /// Deliver this event now (then ask for the next step).
    case deliver(Event<Element>)
  }

  @usableFromInline let dueNanoseconds: Int64
  @usableFromInline var queue = FIFO<(due: RxTime, event: Event<Element>)>()
  @usableFromInline var timerRunning = false

  @usableFromInline
  init(dueTime: RxTimeInterval) {
    self.dueNanoseconds = dueTime.nanosecondsValue ?? .max
  }

  /// Queues an element or the completion, due `dueTime` after `now`.
  @inlinable
  mutating func enqueue(_ event: Event<Element>, now: RxTime) -> Step {
    let due = now.addingTimeInterval(Double(dueNanoseconds) / 1_000_000_000)
    queue.append((due, event))
    if timerRunning { return .idle }
    timerRunning = true
    return .startTimer(nanoseconds: dueNanoseconds)
  }

  /// The timer fired.
  @inlinable
  mutating func timerFired() {
    timerRunning = false
  }

  /// What to do at `now` when the timer fired: deliver the oldest event once due, otherwise wait
  /// for it.
  @inlinable
  mutating func step(now: RxTime) -> Step {
    guard !timerRunning, let first = queue.first else { return .idle }
    let remaining = first.due.timeIntervalSince(now) * 1_000_000_000
    if remaining <= 0 {
      _ = queue.popFirst()
      return .deliver(first.event)
    }
    timerRunning = true
    return .startTimer(nanoseconds: Int64(remaining.rounded(.up)))
  }

  /// What to do after delivering an event: start the timer for the next one, even when it is
  /// already due (a timer of 0), so that every event gets a scheduled step of its own as in
  /// RxSwift (on a `TestScheduler` an element and the completion due at 202 arrive at 202 and 203).
  @inlinable
  mutating func delivered(now: RxTime) -> Step {
    guard !timerRunning, let first = queue.first else { return .idle }
    let remaining = first.due.timeIntervalSince(now) * 1_000_000_000
    timerRunning = true
    return .startTimer(nanoseconds: remaining <= 0 ? 0 : Int64(remaining.rounded(.up)))
  }

  /// An error: everything queued is dropped.
  @inlinable
  mutating func failed() {
    queue.removeAll()
  }
}

extension FIFO {
  /// The oldest element, if any.
  @inlinable
  var first: Element? {
    isEmpty ? nil : storage[head]
  }
}
