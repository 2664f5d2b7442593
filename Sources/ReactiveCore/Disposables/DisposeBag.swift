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
  private struct State {
    var items: [Disposable] = []
    var isDisposed = false
  }

  private let state = Locked(State())

  /// Creates an empty bag.
  public init() {}

  /// Adds `disposable` to the bag.
  /// - Complexity: O(1) amortized.
  public func insert(_ disposable: Disposable) {
    let accepted = state.withLock { state in
      if state.isDisposed { return false }
      state.items.append(disposable)
      return true
    }
    if !accepted { disposable.dispose() }
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

  /// Disposes everything in the bag now; later insertions are disposed at once.
  func dispose() {
    let items: [Disposable] = state.withLock { state in
      state.isDisposed = true
      defer { state.items = [] }
      return state.items
    }
    for item in items { item.dispose() }
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
