import ReactiveEngine

/// Disposes its underlying disposable once it has been disposed itself *and* every disposable
/// obtained from `retain()` has been disposed.
///
/// Used where several subscribers share one upstream subscription (e.g. the groups of `groupBy`).
/// Thread-safe: all state is behind one lock; the underlying disposable is disposed after unlocking.
///
/// ```swift
/// let shared = RefCountDisposable(disposable: Disposables.create { print("released") })
/// let holder = shared.retain()
/// shared.dispose()   // still held
/// holder.dispose()
/// // Prints: released
/// ```
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
  private struct State {
    var disposable: Disposable?
    var count = 0
    var isPrimaryDisposed = false
  }

  private let state: Locked<State>

  /// Wraps `disposable`.
  public init(disposable: Disposable) {
    state = Locked(State(disposable: disposable))
  }

  /// `true` once the underlying disposable has been disposed.
  public var isDisposed: Bool { state.withLock { $0.disposable == nil } }

  /// A disposable that keeps the underlying one alive until it is disposed. After the underlying
  /// disposable has been disposed, returns an empty disposable.
  public func retain() -> Disposable {
    let retained = state.withLock { state -> Bool in
      guard state.disposable != nil else { return false }
      state.count += 1
      return true
    }
    guard retained else { return Disposables.create() }
    return Disposables.create { [self] in release() }
  }

  /// Marks the primary reference disposed; the underlying disposable goes once nothing is retained.
  public func dispose() {
    let toDispose: Disposable? = state.withLock { state in
      guard !state.isPrimaryDisposed, let disposable = state.disposable else { return nil }
      state.isPrimaryDisposed = true
      guard state.count == 0 else { return nil }
      state.disposable = nil
      return disposable
    }
    toDispose?.dispose()
  }

  private func release() {
    let toDispose: Disposable? = state.withLock { state in
      guard let disposable = state.disposable else { return nil }
      state.count -= 1
      guard state.isPrimaryDisposed, state.count == 0 else { return nil }
      state.disposable = nil
      return disposable
    }
    toDispose?.dispose()
  }
}
