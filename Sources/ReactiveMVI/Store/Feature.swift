/// The behaviour of a store: how intents start effects (`handle`) and how results change the state
/// (`reduce`).
///
/// `handle` is where side effects live: it looks at an intent and the current state and returns an
/// ``Effect`` that produces results (and one-off events) now or later. `reduce` is pure: the next
/// state from the current one and a result. Keeping them apart makes every state change a plain,
/// testable function call, whatever the effects do.
///
/// A simple feature reduces its intents directly: when `Result` is `Intent` (the default), the
/// default `handle` turns each intent into its own result, so `reduce` is all you write.
///
/// ```swift
/// struct Counter: Feature {
///   struct State: Equatable { var count = 0 }
///   enum Intent { case increment, decrement }
///
///   func reduce(_ state: State, _ intent: Intent) -> State {
///     var state = state
///     switch intent {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return state
///   }
/// }
///
/// let store = Store(initialState: Counter.State(), feature: Counter())
/// store.send(.increment)
/// print(store.state.count)
/// // Prints: 1
/// ```
///
/// A feature with effects declares a separate `Result` type (what the reducer consumes) and,
/// optionally, an `Event` type for one-off events such as navigation (see ``Store/events``).
public protocol Feature<State, Intent> {
  /// The state the store owns: an immutable value (a struct or an enum). `Sendable`: any
  /// thread reads a store's state, and states are delivered on whichever thread drains.
  associatedtype State: Sendable
  /// What the user (or the view) wants: the input of `handle`. `Sendable`: any thread sends
  /// intents, and one queued on one thread may be handled on another.
  associatedtype Intent: Sendable
  /// What `reduce` consumes: produced by `handle`'s effects. Defaults to `Intent`.
  associatedtype Result = Intent
  /// One-off events (navigation, alerts, toasts) published on ``Store/events``. Defaults to `Never`.
  associatedtype Event = Never

  /// Decides what an intent does: returns the effect that produces results and events.
  ///
  /// Called on the store's draining thread, one intent at a time, with the state current at that
  /// point. Start work only by returning it in the effect (so it can be cancelled and tested).
  func handle(_ intent: Intent, state: State) -> Effect<Result, Event>

  /// The next state after `result`. Must be pure: no side effects, no reading of mutable globals.
  ///
  /// `result` is handed over (`consuming`): a reducer may move it into the new state without a
  /// copy. A witness that takes it as a plain parameter conforms as well.
  func reduce(_ state: State, _ result: consuming Result) -> State

  /// The effect to start once `result` has been reduced, given the *new* `state`: saving the
  /// edited list, analytics of the new screen, anything that needs the state after the change
  /// without calling ``reduce(_:_:)`` in ``handle(_:state:)``. The default starts nothing.
  ///
  /// Order: called on the draining thread right after the new state was published (middleware
  /// and state subscribers have seen it), before the next queued intent or result. Its
  /// synchronous outputs (``Effect/result(_:)``, ``Effect/event(_:)``) are applied at once, each
  /// followed by its own `effect(after:state:)`; a feature that answers every result with another
  /// synchronous result never stops, as with `handle`.
  ///
  /// ```swift
  /// struct Storage: Sendable { func save(_ todos: [String]) async throws {} }
  ///
  /// struct Todos: Feature {
  ///   struct State { var todos: [String] = [] }
  ///   enum Intent { case add(String) }
  ///   enum Result { case added(String), saved }
  ///   let storage: Storage
  ///   let scheduler: any SchedulerType
  ///
  ///   func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
  ///     switch intent {
  ///     case .add(let todo): .result(.added(todo))
  ///     }
  ///   }
  ///   func reduce(_ state: State, _ result: Result) -> State {
  ///     guard case .added(let todo) = result else { return state }
  ///     var state = state
  ///     state.todos.append(todo)
  ///     return state
  ///   }
  ///   func effect(after result: Result, state: State) -> Effect<Result, Never> {
  ///     guard case .added = result else { return .none }
  ///     return .task { [todos = state.todos] in try await storage.save(todos); return .saved }
  ///       .debounce(id: "save", for: .milliseconds(300), scheduler: scheduler)
  ///   }
  /// }
  /// ```
  func effect(after result: Result, state: State) -> Effect<Result, Event>

  /// Turns an effect's error into a result ("error is state"), or `nil` to drop it.
  ///
  /// Used for effects without their own ``Effect/catch(_:)`` mapping. The default returns `nil`;
  /// dropped errors are reported to middleware as ``StoreActivity/effectFailed(_:)``. Either way an
  /// effect error ends only that effect, never the store.
  func result(for error: any Error) -> Result?

  /// Whether `new`, just reduced from `old`, is a change worth publishing: when it returns
  /// `false` the store keeps `old` and publishes nothing (no state delivery, no middleware
  /// ``StoreActivity/stateChanged(from:to:)``, no `ViewStore` update). `effect(after:state:)`
  /// still runs, with the unchanged state.
  ///
  /// The default is `old != new` when `State` is `Equatable`, and `true` (every reduced result
  /// is published) otherwise. So a reducer says "this result changes nothing" simply by
  /// returning the state it was given. Implement it to compare less than the whole state (an id
  /// and a version) or to publish every result of an `Equatable` state (return `true`).
  ///
  /// ```swift
  /// struct Clamped: Feature {
  ///   struct State: Equatable { var level = 0 }
  ///   enum Intent { case up }
  ///
  ///   func reduce(_ state: State, _ intent: Intent) -> State {
  ///     State(level: min(state.level + 1, 1))
  ///   }
  /// }
  ///
  /// let store = Store(initialState: Clamped.State(), feature: Clamped())
  /// let subscription = store.subscribeStates(onNext: { print($0.level) })
  /// // Prints: 0
  /// store.send(.up)
  /// // Prints: 1
  /// store.send(.up)  // reduced to an equal state: nothing is published
  /// subscription.dispose()
  /// ```
  ///
  /// Called on the draining thread after every `reduce`; keep it cheap. The default is chosen
  /// where the feature conforms: a feature generic over its state gets `true` unless it
  /// implements this itself.
  func stateHasChanged(from old: State, to new: State) -> Bool
}

extension Feature where Result == Intent {
  /// Reduces the intent directly: the intent is its own result, applied synchronously.
  @inlinable
  public func handle(_ intent: Intent, state: State) -> Effect<Result, Event> {
    .result(intent)
  }
}

extension Feature {
  /// No effect after a result.
  @inlinable
  public func effect(after result: Result, state: State) -> Effect<Result, Event> { .none }

  /// No mapping: effect errors are reported to middleware and otherwise dropped.
  @inlinable
  public func result(for error: any Error) -> Result? { nil }

  /// Every reduced result is published (a state that is not `Equatable` cannot be compared).
  @inlinable
  public func stateHasChanged(from old: State, to new: State) -> Bool { true }
}

extension Feature where State: Equatable {
  /// A reduced state equal to the current one is not published.
  @inlinable
  public func stateHasChanged(from old: State, to new: State) -> Bool { old != new }
}
