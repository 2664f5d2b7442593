import ReactiveEngine

/// Holds one disposable at a time: assigning a new one disposes the previous one.
///
/// After `dispose()`, assigning disposes the new value at once.
///
/// ```swift
/// let serial = SerialDisposable()
/// serial.disposable = Disposables.create { print("first") }
/// serial.disposable = Disposables.create { print("second") }
/// // Prints: first
/// serial.dispose()
/// // Prints: second
/// ```
public final class SerialDisposable: Cancelable, @unchecked Sendable {
  // All state is behind `state`'s lock; disposables are disposed after unlocking.
  private struct State {
    var current: Disposable?
    var isDisposed = false
  }

  private let state = Locked(State())

  /// Creates an empty serial disposable.
  public init() {}

  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// The current disposable. Setting it disposes the previous one (or the new one, once disposed).
  public var disposable: Disposable {
    get { state.withLock { $0.current } ?? Disposables.create() }
    set {
      let toDispose: Disposable? = state.withLock { state in
        if state.isDisposed { return newValue }
        let old = state.current
        state.current = newValue
        return old
      }
      toDispose?.dispose()
    }
  }

  public func dispose() {
    let toDispose: Disposable? = state.withLock { state in
      if state.isDisposed { return nil }
      state.isDisposed = true
      let old = state.current
      state.current = nil
      return old
    }
    if let toDispose { Trampoline.dispose(toDispose) }
  }
}
