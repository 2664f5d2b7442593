/// The state of `buffer(timeSpan:count:scheduler:)`: every window ends with an emission, when its
/// timer fires or when it holds `count` elements; each emission starts the next window's timer
/// (which makes a firing of the previous one stale, see `TimedSink`).
@usableFromInline
struct BufferStateMachine<Element>: TimedStateMachine {
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let count: Int
  @usableFromInline var buffer: [Element] = []

  @inlinable
  init(timeSpan: RxTimeInterval, count: Int) {
    self.timeSpan = timeSpan
    self.count = count
  }

  @inlinable
  mutating func started() -> TimedAction<[Element]> {
    .startTimer(after: timeSpan)
  }

  @inlinable
  mutating func next(_ element: Element, now: @autoclosure () -> RxTime) -> TimedAction<[Element]> {
    buffer.append(element)
    return buffer.count == count ? closeWindow() : .none
  }

  @inlinable
  mutating func timerFired(now: @autoclosure () -> RxTime) -> TimedAction<[Element]> {
    closeWindow()
  }

  @inlinable
  mutating func emitted(now: @autoclosure () -> RxTime) -> TimedAction<[Element]> {
    .startTimer(after: timeSpan)
  }

  @inlinable
  mutating func closeWindow() -> TimedAction<[Element]> {
    defer { buffer = [] }
    return .emit(buffer)
  }

  /// The last buffer is emitted (even empty), then the completion.
  @inlinable
  mutating func completed(now: @autoclosure () -> RxTime) -> TimedAction<[Element]> {
    defer { buffer = [] }
    return .complete(flushing: buffer)
  }

  @inlinable
  mutating func failed() {
    buffer = []
  }
}
