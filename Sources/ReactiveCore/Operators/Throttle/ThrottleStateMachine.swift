import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state of `throttle`: the window runs from the last emission; with `latest`, the last element
/// that arrived during it waits for the window's end (see `TimedSink`).
@usableFromInline
struct ThrottleStateMachine<Element>: TimedStateMachine {
  @usableFromInline let dueNanoseconds: Int64
  @usableFromInline let latest: Bool
  /// When the last element was emitted; the window runs from there.
  @usableFromInline var lastEmission: RxTime?
  /// The trailing element waiting for the window's end (`latest: true` only).
  @usableFromInline var pending: Element?
  /// Completion arrived while an element was pending.
  @usableFromInline var completionPending = false

  @usableFromInline
  init(dueTime: RxTimeInterval, latest: Bool) {
    self.dueNanoseconds = dueTime.nanosecondsValue ?? .max
    self.latest = latest
  }

  /// The time left in the window at `now`; 0 or less means the window is over.
  @inlinable
  func remaining(at now: RxTime) -> Int64 {
    guard let lastEmission else { return 0 }
    let elapsed = now.timeIntervalSince(lastEmission) * 1_000_000_000
    guard elapsed < Double(dueNanoseconds) else { return 0 }
    return dueNanoseconds - Int64(elapsed)
  }

  /// Emits at once when the window is over; otherwise keeps the element for the window's end
  /// (starting the timer for the first one kept).
  @inlinable
  mutating func next(_ element: Element, now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    let remaining = remaining(at: now())
    if remaining <= 0 {
      pending = nil
      return .emit(element)
    }
    guard latest else { return .none }
    let timerRunning = pending != nil
    pending = element
    return timerRunning ? .none : .startTimer(after: .nanoseconds(Int(clamping: remaining)))
  }

  /// The window restarts when the emission is delivered.
  @inlinable
  mutating func emitted(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    lastEmission = now()
    return .none
  }

  /// The window ended: emit the trailing element, and complete if completion was waiting.
  @inlinable
  mutating func timerFired(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    let element = pending.take()
    if completionPending { return .complete(flushing: element) }
    return element.map { .emit($0) } ?? .none
  }

  /// A completion waits for the trailing element, if any.
  @inlinable
  mutating func completed(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    if pending != nil {
      completionPending = true
      return .none
    }
    return .complete(flushing: nil)
  }

  @inlinable
  mutating func failed() {
    pending = nil
  }
}
