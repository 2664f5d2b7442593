import ReactiveEngine

/// Owns subscriptions for the lifetime of an object: everything inserted is disposed, in insertion
/// order, when the bag is deallocated.
///
/// Inserting into a bag that has already disposed its contents disposes the item at once.
/// Thread-safe: insertion may happen from any thread.
///
/// ```swift
/// final class ViewModel {
///   let bag = DisposeBag()
///   init(relay: PublishRelay<Int>) {
///     relay.subscribe(onNext: { print($0) }).disposed(by: bag)
///   }
/// }
/// ```
public final class DisposeBag: @unchecked Sendable {
  // All state is behind `state`'s lock; disposables are disposed after unlocking.
  //
  // The items live in storage of the bag's own rather than an array: dropping the bag then
  // disposes and releases each item through its reference (an array of existentials is destroyed
  // through the runtime's generic value witnesses, one call per item), and an insertion checks
  // no buffer uniqueness. The storage is freed by `dispose()`, which `deinit` always runs.
  private struct State {
    /// `count` items at `items`, with room for `capacity`; `nil` until the first insertion and
    /// after `dispose()`.
    var items: UnsafeMutablePointer<Disposable>?
    var count = 0
    var capacity = 0
    var isDisposed = false

    /// Appends `disposable`.
    @inline(__always)
    mutating func append(_ disposable: consuming Disposable) {
      if count == capacity { grow() }
      (items.unsafelyUnwrapped + count).initialize(to: disposable)
      count += 1
    }

    /// Doubles the room (at least 4 items).
    @inline(never)
    mutating func grow() {
      items = .grown(from: items, count: count, capacity: &capacity)
    }
  }

  private let state = Locked(State())

  /// Creates an empty bag.
  public init() {}

  /// Adds `disposable` to the bag.
  /// - Complexity: O(1) amortized.
  public func insert(_ disposable: consuming Disposable) {
    // Moved, never copied, into the bag: the caller's reference becomes the bag's.
    var pending = Optional(disposable)
    state.withLock { state in
      if !state.isDisposed { state.append(pending.take().unsafelyUnwrapped) }
    }
    pending?.dispose()
  }

  /// Adds every argument to the bag.
  public func insert(_ disposables: Disposable...) {
    insert(disposables)
  }

  /// Adds every element of `disposables` to the bag, in order.
  public func insert(_ disposables: [Disposable]) {
    for disposable in disposables { insert(disposable) }
  }

  /// Adds every disposable listed in `builder` to the bag, in order.
  ///
  /// ```swift
  /// let relay = PublishRelay<Int>()
  /// bag.insert {
  ///   relay.subscribe(onNext: { print($0) })
  /// }
  /// ```
  public func insert(@DisposableBuilder builder: () -> [Disposable]) {
    insert(builder())
  }

  /// Disposes everything in the bag now, in insertion order (each item is released right after
  /// its `dispose()`); later insertions are disposed at once.
  func dispose() {
    let (items, count) = state.withLock { state in
      state.isDisposed = true
      defer {
        state.items = nil
        state.count = 0
        state.capacity = 0
      }
      return (state.items, state.count)
    }
    guard let items else { return }
    for index in 0..<count { (items + index).move().dispose() }
    items.deallocate()
  }

  deinit {
    dispose()
  }
}

extension DisposeBag {
  /// Builds a bag holding the disposables listed in `builder`, in order.
  ///
  /// ```swift
  /// let relay = PublishRelay<Int>()
  /// let bag = DisposeBag {
  ///   relay.subscribe(onNext: { print($0) })
  /// }
  /// withExtendedLifetime(bag) { relay.accept(1) }   // the subscription lives as long as `bag`
  /// // Prints: 1
  /// ```
  public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
    self.init(disposing: builder())
  }

  /// Builds a bag holding the arguments, in order.
  public convenience init(disposing disposables: Disposable...) {
    self.init(disposing: disposables)
  }

  /// Builds a bag holding the elements of `disposables`, in order.
  public convenience init(disposing disposables: [Disposable]) {
    self.init()
    insert(disposables)
  }

  /// Collects disposables for `DisposeBag(builder:)` and `insert(builder:)`.
  @resultBuilder
  public enum DisposableBuilder {
    /// The disposables listed in the builder block, in order.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
  }
}
