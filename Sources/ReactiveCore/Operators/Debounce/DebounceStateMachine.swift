/// The state of `debounce`, without locking: the sink runs it serially (see `Serializer`).
@usableFromInline
struct DebounceStateMachine<Element> {
  @usableFromInline
  enum Action {
    /// Nothing to do.
    case none
    /// (Re)start the timer for generation `id`, cancelling the previous one.
    case startTimer(id: UInt64)
    /// Emit the element whose silence elapsed.
    case emit(Element)
    /// Emit the pending element, if any, then complete.
    case complete(flushing: Element?)
    /// Forward the error; the pending element is dropped.
    case fail(any Swift.Error)
  }

  /// The latest element, not yet emitted.
  @usableFromInline var pending: Element?
  /// The generation of the current timer; a timer of an older generation is stale.
  @usableFromInline var generation: UInt64 = 0

  @inlinable init() {}

  @inlinable
  mutating func next(_ element: Element) -> Action {
    generation &+= 1
    pending = element
    return .startTimer(id: generation)
  }

  @inlinable
  mutating func timerFired(id: UInt64) -> Action {
    guard id == generation, let element = pending.take() else { return .none }
    return .emit(element)
  }

  @inlinable
  mutating func completed() -> Action {
    .complete(flushing: pending.take())
  }

  @inlinable
  mutating func failed(_ error: any Swift.Error) -> Action {
    pending = nil
    return .fail(error)
  }
}
