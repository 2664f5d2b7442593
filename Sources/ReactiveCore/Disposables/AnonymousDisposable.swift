import Synchronization

/// Runs an action once, on the first `dispose()`.
@usableFromInline
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
  // `action` is written in `init` and read/cleared only by the single caller that wins `disposed`.
  @usableFromInline let disposed = Atomic<Bool>(false)
  @usableFromInline var action: (() -> Void)?

  @inlinable
  init(_ action: @escaping () -> Void) {
    self.action = action
  }

  @inlinable
  var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  @inlinable
  func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let action = self.action
    self.action = nil
    action?()
  }
}

/// A disposable with a flag and nothing to release (RxSwift's `BooleanDisposable`).
public final class BooleanDisposable: Cancelable, Sendable {
  let disposed: Atomic<Bool>

  /// Creates a disposable, optionally already disposed.
  public init(isDisposed: Bool = false) {
    disposed = Atomic(isDisposed)
  }

  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  public func dispose() { disposed.store(true, ordering: .releasing) }
}
