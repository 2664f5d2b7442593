import ReactiveEngine

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
  /// Awaits the element of this `Single`; throws its error.
  ///
  /// Subscribes when awaited. Cancelling the awaiting task disposes the subscription (cancelling
  /// the underlying work) and throws `CancellationError` at once. In a task that is already
  /// cancelled it still subscribes, as RxSwift does: a result delivered during `subscribe` (as
  /// `Single.just(1)` does) is returned; otherwise the subscription is disposed and
  /// `CancellationError` thrown.
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
/// calling task disposes the subscription and throws `CancellationError`. A task cancelled before
/// the call still subscribes, so a result reported during `subscribe` wins (as in RxSwift).
func awaitOneResult<Value: Sendable>(
  _ subscribe: (_ resume: @escaping (Result<Value, any Swift.Error>) -> Void) -> Disposable
) async throws -> Value {
  let awaiter = OneResultAwaiter<Value>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      let cancelledBefore = awaiter.install(continuation)
      let subscription = subscribe(awaiter.resume)
      if cancelledBefore {
        subscription.dispose()
        awaiter.resume(.failure(CancellationError()))  // no-op when a result came synchronously
      } else {
        awaiter.subscription.setDisposable(subscription)
      }
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

  /// Stores the continuation and tells whether the task was cancelled already (then the caller
  /// subscribes, gives a synchronous result its chance, and resumes with `CancellationError`).
  func install(_ continuation: CheckedContinuation<Value, any Swift.Error>) -> Bool {
    state.withLock { state in
      state.continuation = continuation
      return state.cancelled
    }
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
  ///
  /// Runs inside the task's cancellation handler, which holds the task's status lock, and
  /// `dispose()` waits for a callback running on another thread: a callback resuming the
  /// continuation needs that lock, so the two would wait for each other. So it disposes only
  /// when it takes the continuation (the callback then finds none and returns at once). When a
  /// result took it, the source is ending (each trait's first result ends it), and
  /// when none is installed yet, `awaitOneResult` disposes once it sees `cancelled`.
  func cancel() {
    let continuation = state.withLock { state in
      state.cancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }
    guard let continuation else { return }
    subscription.dispose()
    continuation.resume(throwing: CancellationError())
  }
}
