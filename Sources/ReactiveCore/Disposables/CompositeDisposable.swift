import ReactiveEngine

/// A group of disposables disposed together.
///
/// `insert` returns a key for removing the item later, or `nil` (disposing the item at once) when
/// the composite is already disposed. Items are disposed in insertion order.
///
/// ```swift
/// let group = CompositeDisposable()
/// let key = group.insert(Disposables.create { print("a") })
/// _ = group.insert(Disposables.create { print("b") })
/// if let key { group.remove(for: key) }
/// // Prints: a
/// group.dispose()
/// // Prints: b
/// ```
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
  // All state is behind `state`'s lock; disposables are disposed after unlocking.
  /// Identifies an item inserted into a `CompositeDisposable`.
  public struct DisposeKey: Hashable, Sendable {
    let value: UInt64
  }

  private struct State {
    var items: [(key: UInt64, disposable: Disposable)] = []
    var nextKey: UInt64 = 0
    var isDisposed = false
  }

  private let state = Locked(State())

  /// Creates an empty composite.
  public init() {}

  /// Creates a composite holding `disposables`.
  public init(disposables: [Disposable]) {
    state.withLock { state in
      state.items = disposables.enumerated().map { (UInt64($0.offset), $0.element) }
      state.nextKey = UInt64(disposables.count)
    }
  }

  /// Creates a composite holding the arguments.
  public convenience init(_ disposables: Disposable...) {
    self.init(disposables: disposables)
  }

  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// The number of items held.
  public var count: Int { state.withLock { $0.items.count } }

  /// Adds `disposable`; returns `nil` and disposes it at once when already disposed.
  /// - Complexity: O(1) amortized.
  @discardableResult
  public func insert(_ disposable: Disposable) -> DisposeKey? {
    let key: UInt64? = state.withLock { state in
      if state.isDisposed { return nil }
      let key = state.nextKey
      state.nextKey += 1
      state.items.append((key, disposable))
      return key
    }
    guard let key else {
      disposable.dispose()
      return nil
    }
    return DisposeKey(value: key)
  }

  /// Removes the item for `key` and disposes it.
  /// - Complexity: O(n) in the number of items.
  public func remove(for key: DisposeKey) {
    let removed: Disposable? = state.withLock { state in
      guard let index = state.items.firstIndex(where: { $0.key == key.value }) else { return nil }
      return state.items.remove(at: index).disposable
    }
    removed?.dispose()
  }

  public func dispose() {
    let items: [(key: UInt64, disposable: Disposable)] = state.withLock { state in
      if state.isDisposed { return [] }
      state.isDisposed = true
      defer { state.items = [] }
      return state.items
    }
    for item in items { Trampoline.dispose(item.disposable) }
  }
}
