#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The state of `throttle`, without locking: the sink runs it serially (see `Serializer`).
@usableFromInline
struct ThrottleStateMachine<Element> {
  @usableFromInline
  enum Action {
    /// Nothing to do.
    case none
    /// Emit now (then report the time with `didEmit(at:)`).
    case emit(Element)
    /// Keep the element for the window's end: start a timer of `nanoseconds`.
    case startTimer(nanoseconds: Int64)
    /// Complete (after emitting `flushing`, if any).
    case complete(flushing: Element?)
    /// Forward the error; the trailing element is dropped.
    case fail(any Swift.Error)
  }

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

  @inlinable
  mutating func next(_ element: Element, now: RxTime) -> Action {
    let remaining = remaining(at: now)
    if remaining <= 0 {
      pending = nil
      return .emit(element)
    }
    guard latest else { return .none }
    let timerRunning = pending != nil
    pending = element
    return timerRunning ? .none : .startTimer(nanoseconds: remaining)
  }

  @inlinable
  mutating func didEmit(at now: RxTime) {
    lastEmission = now
  }

  /// The window ended: emit the trailing element, and complete if completion was waiting.
  @inlinable
  mutating func timerFired() -> Action {
    let element = pending.take()
    if completionPending { return .complete(flushing: element) }
    return element.map { .emit($0) } ?? .none
  }

  @inlinable
  mutating func completed() -> Action {
    if pending != nil {
      completionPending = true
      return .none
    }
    return .complete(flushing: nil)
  }

  @inlinable
  mutating func failed(_ error: any Swift.Error) -> Action {
    pending = nil
    return .fail(error)
  }
}
