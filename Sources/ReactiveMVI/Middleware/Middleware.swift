/// Something the store did, as middleware sees it. Activities arrive in the order they happen, one
/// at a time, on the store's draining thread.
///
/// For one intent of a simple feature the sequence is `.intent(i)`, `.result(i, origin: .intent)`,
/// `.stateChanged(from:to:)`. A result from a running effect arrives later as
/// `.result(r, origin: .effect)` followed by its `.stateChanged`.
public enum StoreActivity<F: Feature> {
  /// An intent is about to be handled.
  case intent(F.Intent)
  /// A result is about to be reduced; `origin` says whether `handle` returned it synchronously
  /// (`.intent`) or a running effect emitted it (`.effect`).
  case result(F.Result, origin: OutputOrigin)
  /// `reduce` produced a new state: sent for every reduced result that the feature says changed
  /// the state (``Feature/stateHasChanged(from:to:)``; by default, for an `Equatable` state, one
  /// not equal to the old state).
  case stateChanged(from: F.State, to: F.State)
  /// A one-off event is being published.
  case event(F.Event, origin: OutputOrigin)
  /// An effect failed and no mapping turned the error into a result; the effect ended, the store
  /// goes on.
  case effectFailed(any Error)
}

/// Where a result or event came from.
public enum OutputOrigin: Sendable, Equatable {
  /// Returned synchronously by `handle` while handling an intent.
  case intent
  /// Emitted later by a running effect, through the store's queue.
  case effect
}

/// What middleware can do besides watching: read the state and send intents.
///
/// Holds the store weakly: after the store is gone, `send` does nothing and `state` is `nil`.
public struct MiddlewareContext<F: Feature>: @unchecked Sendable {  // the store is thread-safe
  weak var store: Store<F>?

  /// The store's current state (`nil` once the store is gone).
  public var state: F.State? { store?.state }

  /// Sends an intent to the store. Queued: it is handled after the current activity finishes.
  public func send(_ intent: F.Intent) { store?.send(intent) }
}

/// Watches everything a store does, in order: intents, results, state changes, events and effect
/// failures. Use it for logging, analytics, navigation or recording.
///
/// Middleware runs on the store's draining thread, serially, before state subscribers see the new
/// state. It may send intents through its context; they are queued, never handled recursively.
///
/// ```swift
/// let analytics = Middleware<Counter> { activity, _ in
///   if case .intent(let intent) = activity { print("track", intent) }
/// }
/// let store = Store(initialState: .init(), feature: Counter(), middleware: [analytics])
/// store.send(.increment)
/// // Prints: track increment
/// ```
public struct Middleware<F: Feature> {
  let observe: (StoreActivity<F>, MiddlewareContext<F>) -> Void
  /// What holds the store's work while it time travels (see ``StoreTimeTravel``): consulted only
  /// by a store with middleware, so a store without any pays nothing for it.
  let travelGate: TravelGate<F>?

  /// Creates middleware from a closure called for every activity.
  public init(_ observe: @escaping (StoreActivity<F>, MiddlewareContext<F>) -> Void) {
    self.observe = observe
    self.travelGate = nil
  }

  init(
    travelGate: TravelGate<F>, observe: @escaping (StoreActivity<F>, MiddlewareContext<F>) -> Void
  ) {
    self.observe = observe
    self.travelGate = travelGate
  }
}
