/// The state of `sample`, without locking: the sink runs it serially (see `SerializedSink`).
@usableFromInline
struct SampleStateMachine<Element> {
  @usableFromInline
  enum Action {
    /// Nothing to do.
    case none
    /// Emit `element` (if any), then complete when `complete`.
    case emit(Element?, complete: Bool)
    /// Forward the error.
    case fail(any Swift.Error)
  }

  @usableFromInline let defaultValue: Element?
  /// The latest source element not yet sampled.
  @usableFromInline var latest: Element?
  /// The source completed; the next sample completes the result.
  @usableFromInline var sourceDone = false

  @inlinable
  init(defaultValue: Element?) {
    self.defaultValue = defaultValue
  }

  @inlinable
  mutating func sourceNext(_ element: Element) {
    latest = element
  }

  @inlinable
  mutating func sourceCompleted() {
    sourceDone = true
  }

  /// The sampler ticked (an element or its completion): emit the latest element, or the default.
  @inlinable
  mutating func sample() -> Action {
    let element = latest.take() ?? defaultValue
    if element == nil && !sourceDone { return .none }
    return .emit(element, complete: sourceDone)
  }
}
