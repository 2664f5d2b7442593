/// The state of `debounce`: the latest element waits for `dueTime` of silence. Each element
/// restarts the timer, so only the last element's firing is current (see `TimedSink`).
@usableFromInline
struct DebounceStateMachine<Element>: TimedStateMachine {
  @usableFromInline let dueTime: RxTimeInterval
  /// The latest element, not yet emitted.
  @usableFromInline var pending: Element?

  @inlinable
  init(dueTime: RxTimeInterval) {
    self.dueTime = dueTime
  }

  @inlinable
  mutating func next(_ element: Element, now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    pending = element
    return .startTimer(after: dueTime)
  }

  @inlinable
  mutating func timerFired(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    pending.take().map { .emit($0) } ?? .none
  }

  /// The pending element, if any, is emitted at once, then the completion.
  @inlinable
  mutating func completed(now: @autoclosure () -> RxTime) -> TimedAction<Element> {
    .complete(flushing: pending.take())
  }

  @inlinable
  mutating func failed() {
    pending = nil
  }
}
