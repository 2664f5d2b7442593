extension ObservableConvertibleType where Element: Sendable {
  /// The sequence as an `AsyncThrowingStream`: iterate it with `for try await`.
  ///
  /// The stream ends when the sequence completes and throws its error. Subscribing happens when
  /// you read `values` (not when iteration starts), so a hot source loses nothing in between.
  /// Elements are buffered without bound (`.unbounded`, as RxSwift does) while the consumer is
  /// slower than the producer; use `values(bufferingPolicy:)` to bound the buffer.
  ///
  /// The subscription is disposed when the stream terminates: on completion or error, when the
  /// consuming task is cancelled, or when the stream and all its iterators are released (a
  /// `break` out of `for try await x in source.values`; a stream kept in a variable lives, and
  /// stays subscribed, until the variable goes away). Cancelling the consuming task ends the loop
  /// by throwing `CancellationError`, as in RxSwift.
  ///
  /// ```swift
  /// for try await value in Observable.of(1, 2, 3).values {
  ///   print(value)
  /// }
  /// // Prints: 1
  /// // Prints: 2
  /// // Prints: 3
  /// ```
  ///
  /// The loop body runs on the consuming task's executor: inside a `@MainActor` function it
  /// runs on the main actor whichever thread the source emits on.
  public var values: AsyncThrowingStream<Element, any Swift.Error> {
    values(bufferingPolicy: .unbounded)
  }

  /// The sequence as an `AsyncThrowingStream` with the given buffering policy; see `values`.
  ///
  /// With `.bufferingNewest(n)` / `.bufferingOldest(n)` elements that do not fit are dropped;
  /// terminal events are never dropped.
  public func values(
    bufferingPolicy: AsyncThrowingStream<Element, any Swift.Error>.Continuation.BufferingPolicy
  ) -> AsyncThrowingStream<Element, any Swift.Error> {
    let source = asObservable()
    return AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
      let subscription = SingleAssignmentDisposable()
      // Installed before subscribing so that a termination during `subscribe` still disposes.
      continuation.onTermination = { termination in
        subscription.dispose()
        // The stream calls this before it finishes a cancelled iteration, so the waiting
        // `next()` throws this error instead of returning `nil`.
        if case .cancelled = termination { continuation.finish(throwing: CancellationError()) }
      }
      subscription.setDisposable(
        source.subscribe(
          onNext: { continuation.yield($0) },
          onError: { continuation.finish(throwing: $0) },
          onCompleted: { continuation.finish() }))
    }
  }
}

extension InfallibleType where Element: Sendable {
  /// The sequence as an `AsyncStream`: iterate it with `for await` (no `try`: it cannot fail).
  ///
  /// Same subscription, buffering (`.unbounded`) and cancellation rules as
  /// `ObservableConvertibleType.values`.
  ///
  /// ```swift
  /// for await value in Infallible.of(1, 2).values { print(value) }
  /// // Prints: 1
  /// // Prints: 2
  /// ```
  public var values: AsyncStream<Element> {
    values(bufferingPolicy: .unbounded)
  }

  /// The sequence as an `AsyncStream` with the given buffering policy; see `values`.
  public func values(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
  ) -> AsyncStream<Element> {
    let source = asObservable()
    return AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
      let subscription = SingleAssignmentDisposable()
      continuation.onTermination = { _ in subscription.dispose() }
      subscription.setDisposable(
        source.subscribe(
          onNext: { continuation.yield($0) },
          onError: { _ in continuation.finish() },  // unreachable: an Infallible never fails
          onCompleted: { continuation.finish() }))
    }
  }
}
