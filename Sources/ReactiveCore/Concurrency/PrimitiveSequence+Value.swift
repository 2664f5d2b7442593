extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// Awaits the element of this `Single`; throws its error.
  ///
  /// Subscribes when awaited. Cancelling the awaiting task disposes the subscription (cancelling
  /// the underlying work) and throws `CancellationError` at once. (RxSwift's `value` keeps
  /// waiting forever in that case; here the task always resumes.)
  ///
  /// ```swift
  /// let answer = try await Single.just(42).value
  /// print(answer)
  /// // Prints: 42
  /// ```
  public var value: Element {
    get async throws {
      try await awaitOneResult { resume in
        primitiveSequence.source.subscribe(
          onNext: { resume(.success($0)) }, onError: { resume(.failure($0)) })
      }
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
  /// Awaits the element of this `Maybe`, or `nil` when it completes empty; throws its error.
  ///
  /// Cancellation works as for `Single.value`.
  ///
  /// ```swift
  /// let nothing = try await Maybe<Int>.empty().value
  /// print(nothing as Any)
  /// // Prints: nil
  /// ```
  public var value: Element? {
    get async throws {
      try await awaitOneResult { resume in
        primitiveSequence.source.subscribe(
          onNext: { resume(.success($0)) }, onError: { resume(.failure($0)) },
          onCompleted: { resume(.success(nil)) })
      }
    }
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
  /// Awaits completion of this `Completable`; throws its error.
  ///
  /// Cancellation works as for `Single.value`.
  ///
  /// ```swift
  /// try await Completable.empty().value
  /// print("done")
  /// // Prints: done
  /// ```
  public var value: Void {
    get async throws {
      try await awaitOneResult { resume in
        primitiveSequence.source.subscribe(
          onError: { resume(.failure($0)) }, onCompleted: { resume(.success(())) })
      }
    }
  }
}

/// Subscribes with `subscribe` and suspends until the first result it reports; cancelling the
/// calling task disposes the subscription and throws `CancellationError`.
func awaitOneResult<Value: Sendable>(
  _ subscribe: (_ resume: @escaping (Result<Value, any Swift.Error>) -> Void) -> Disposable
) async throws -> Value {
  let awaiter = OneResultAwaiter<Value>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      guard awaiter.install(continuation) else { return }
      awaiter.subscription.setDisposable(subscribe(awaiter.resume))
    }
  } onCancel: {
    awaiter.cancel()
  }
}

/// The meeting point of a subscription's result, the awaiting task and its cancellation: the
/// continuation is resumed exactly once, by whichever comes first.
final class OneResultAwaiter<Value: Sendable>: @unchecked Sendable {
  // `state` is guarded by its lock; the continuation is resumed after unlocking.
  private struct State {
    var continuation: CheckedContinuation<Value, any Swift.Error>?
    var cancelled = false
  }

  private let state = Locked(State())
  let subscription = SingleAssignmentDisposable()
  private let token = ResourceToken()

  init() {}

  /// Stores the continuation; when the task was cancelled already, resumes it with
  /// `CancellationError` instead and returns `false` (do not subscribe).
  func install(_ continuation: CheckedContinuation<Value, any Swift.Error>) -> Bool {
    let cancelled = state.withLock { state in
      if !state.cancelled { state.continuation = continuation }
      return state.cancelled
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
    return !cancelled
  }

  /// Delivers the first result; later ones are ignored.
  func resume(_ result: Result<Value, any Swift.Error>) {
    let continuation = state.withLock { state in
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(with: result)
  }

  /// Cancels: disposes the subscription and resumes with `CancellationError` unless a result
  /// already arrived.
  func cancel() {
    let continuation = state.withLock { state in
      state.cancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }
    subscription.dispose()
    continuation?.resume(throwing: CancellationError())
  }
}
