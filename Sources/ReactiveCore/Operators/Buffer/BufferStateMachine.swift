/// The state of `buffer(timeSpan:count:scheduler:)`, without locking: the sink runs it serially.
@usableFromInline
struct BufferStateMachine<Element> {
  @usableFromInline
  enum Action {
    /// Nothing to do.
    case none
    /// Emit the buffer and start the timer of the next window (`id`).
    case emit([Element], nextWindow: UInt64)
    /// Emit the last buffer (even empty), then complete.
    case complete([Element])
    /// Forward the error; the buffer is dropped.
    case fail(any Swift.Error)
  }

  @usableFromInline let count: Int
  @usableFromInline var buffer: [Element] = []
  /// The current window; a timer of an older window is stale.
  @usableFromInline var window: UInt64 = 0

  @inlinable
  init(count: Int) {
    self.count = count
  }

  @inlinable
  mutating func next(_ element: Element) -> Action {
    buffer.append(element)
    return buffer.count == count ? closeWindow() : .none
  }

  @inlinable
  mutating func timerFired(window id: UInt64) -> Action {
    id == window ? closeWindow() : .none
  }

  @inlinable
  mutating func closeWindow() -> Action {
    window &+= 1
    defer { buffer = [] }
    return .emit(buffer, nextWindow: window)
  }

  @inlinable
  mutating func completed() -> Action {
    defer { buffer = [] }
    return .complete(buffer)
  }

  @inlinable
  mutating func failed(_ error: any Swift.Error) -> Action {
    buffer = []
    return .fail(error)
  }
}
