extension PrimitiveSequence {
  /// Prints every event, the subscription and the disposal of this trait to standard error (see
  /// `ObservableType.debug(_:trimOutput:file:line:function:)`).
  ///
  /// ```swift
  /// _ = Single.just(1).debug("request").subscribe()
  /// // Writes to standard error lines such as:
  /// // 2026-11-25 09:00:00.000: request -> Event next(1)
  /// ```
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }
}

extension Infallible {
  /// Prints every event, the subscription and the disposal of this sequence to standard error
  /// (see `ObservableType.debug(_:trimOutput:file:line:function:)`).
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> Infallible<Element> {
    Infallible(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }
}
