/// What an intent does besides changing state: work that produces results (for `reduce`) and
/// one-off events (for ``Store/events``), now or later.
///
/// Effects are values returned from ``Feature/handle(_:state:)``; the store runs them. Synchronous
/// outputs (``result(_:)``, ``event(_:)``) are applied at once, as part of handling the intent.
/// Asynchronous ones (``observable(_:)``, ``task(priority:_:)``, ``run(priority:_:)``) deliver
/// their outputs through the store's queue, in arrival order, one at a time.
///
/// ```swift
/// struct SearchAPI: Sendable { func search(_ q: String) async throws -> [String] { [q] } }
///
/// struct Search: Feature {
///   struct State { var query = ""; var results: [String] = []; var error: String? }
///   enum Intent { case search(String), clear }
///   enum Result { case started(String), loaded([String]), failed(String) }
///   let api: SearchAPI
///
///   func handle(_ intent: Intent, state: State) -> Effect<Result, Never> {
///     switch intent {
///     case .search(let query):
///       return .merge(
///         .result(.started(query)),
///         .task { .loaded(try await api.search(query)) }
///           .catch { .failed("\($0)") }
///           .cancellable(id: "search", cancelInFlight: true))
///     case .clear:
///       return .cancel(id: "search")
///     }
///   }
///
///   func reduce(_ state: State, _ result: Result) -> State {
///     var state = state
///     switch result {
///     case .started(let query): state.query = query
///     case .loaded(let results): state.results = results
///     case .failed(let message): state.error = message
///     }
///     return state
///   }
/// }
/// ```
///
/// Every running effect is cancelled when the store is disposed or deallocated.
public struct Effect<Result, Event> {
  // Layout: what `handle` returns on almost every intent (no effect, one result, one event) is
  // stored inline, so the store runs it with a switch, no allocation and no copy of an
  // existential; everything else (running work, cancellation, merges, and any effect with a
  // modifier) lives in one immutable `Body` object.
  @usableFromInline
  enum Storage {
    case none
    case result(Result)
    case event(Event)
    case body(Body)
  }

  @usableFromInline
  enum Operation {
    case none
    case emitOne(EffectOutput<Result, Event>)
    case stream(Observable<EffectOutput<Result, Event>>)
    case cancel(AnyHashable)
    case merge([Effect])
  }

  @usableFromInline
  struct Cancellation {
    @usableFromInline var id: AnyHashable
    @usableFromInline var cancelInFlight: Bool
  }

  /// An effect that is not stored inline: its operation and its modifiers. Immutable.
  @usableFromInline
  final class Body {
    @usableFromInline let operation: Operation
    @usableFromInline let cancellation: Cancellation?
    @usableFromInline let errorMapping: ((any Error) -> Result?)?

    @usableFromInline
    init(
      operation: Operation, cancellation: Cancellation?, errorMapping: ((any Error) -> Result?)?
    ) {
      self.operation = operation
      self.cancellation = cancellation
      self.errorMapping = errorMapping
    }
  }

  @usableFromInline let storage: Storage

  @inlinable
  init(storage: consuming Storage) { self.storage = storage }

  /// The effect running `operation` with these modifiers (inline when it has none).
  @usableFromInline
  init(
    _ operation: Operation, cancellation: Cancellation? = nil,
    errorMapping: ((any Error) -> Result?)? = nil
  ) {
    if cancellation == nil && errorMapping == nil {
      switch operation {
      case .none: self.init(storage: .none)
      case .emitOne(.result(let result)): self.init(storage: .result(result))
      case .emitOne(.event(let event)): self.init(storage: .event(event))
      case .stream, .cancel, .merge:
        self.init(storage: .body(Body(operation: operation, cancellation: nil, errorMapping: nil)))
      }
    } else {
      self.init(
        storage: .body(
          Body(operation: operation, cancellation: cancellation, errorMapping: errorMapping)))
    }
  }

  /// What this effect does, whatever its layout.
  @usableFromInline
  var operation: Operation {
    switch storage {
    case .none: .none
    case .result(let result): .emitOne(.result(result))
    case .event(let event): .emitOne(.event(event))
    case .body(let body): body.operation
    }
  }

  /// Its cancellation id, if marked with ``cancellable(id:cancelInFlight:)``.
  @usableFromInline
  var cancellation: Cancellation? {
    if case .body(let body) = storage { body.cancellation } else { nil }
  }

  /// Its own error mapping, if given with ``catch(_:)``.
  @usableFromInline
  var errorMapping: ((any Error) -> Result?)? {
    if case .body(let body) = storage { body.errorMapping } else { nil }
  }

  /// No effect: the intent changes nothing.
  @inlinable
  public static var none: Effect { Effect(storage: .none) }

  /// Reduces `result` synchronously, as part of handling the intent.
  @inlinable
  public static func result(_ result: consuming Result) -> Effect {
    Effect(storage: .result(result))
  }

  /// Publishes a one-off event synchronously, as part of handling the intent.
  @inlinable
  public static func event(_ event: consuming Event) -> Effect {
    Effect(storage: .event(event))
  }

  /// Runs `source` and reduces each of its elements as a result. Completion ends the effect; an
  /// error ends it and is mapped to a result (see ``catch(_:)``). Accepts any
  /// `ObservableConvertibleType`: an `Observable`, a relay, or a trait such as `Single` (a one-shot
  /// effect).
  public static func observable<Source: ObservableConvertibleType>(_ source: Source) -> Effect
  where Source.Element == Result {
    Effect(.stream(source.asObservable().map { EffectOutput.result($0) }))
  }

  /// Runs `source` and publishes each of its elements as a one-off event.
  public static func events<Source: ObservableConvertibleType>(_ source: Source) -> Effect
  where Source.Element == Event {
    Effect(.stream(source.asObservable().map { EffectOutput.event($0) }))
  }

  /// Runs `source`, whose elements are results or events.
  public static func outputs<Source: ObservableConvertibleType>(_ source: Source) -> Effect
  where Source.Element == EffectOutput<Result, Event> {
    Effect(.stream(source.asObservable()))
  }

  /// Runs an async function in a `Task` and reduces its return value (a one-shot effect, like a
  /// `Single`). Cancelling the effect cancels the task; a thrown error is mapped like any effect
  /// error.
  public static func task(
    priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async throws -> Result
  ) -> Effect {
    Effect(
      .stream(
        taskObservable(priority: priority) { send in
          send(.result(try await operation()))
        }))
  }

  /// Runs an async function in a `Task` that may send any number of results and events.
  /// Call `send` from one task at a time (its calls are an ordered sequence).
  public static func run(
    priority: TaskPriority? = nil,
    _ body: @escaping @Sendable (_ send: Send) async throws -> Void
  ) -> Effect {
    Effect(.stream(taskObservable(priority: priority, body)))
  }

  /// Cancels the running effects marked with `id` (see ``cancellable(id:cancelInFlight:)``).
  /// Their outputs not yet reduced are dropped.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(AnyHashable(id)))
  }

  /// Runs several effects side by side.
  public static func merge(_ effects: Effect...) -> Effect { Effect(.merge(effects)) }

  /// Runs several effects side by side.
  public static func merge(_ effects: [Effect]) -> Effect { Effect(.merge(effects)) }

  /// Marks this effect with `id` so ``cancel(id:)`` can stop it. With `cancelInFlight`, starting it
  /// first cancels any running effect with the same id (the usual choice for search-as-you-type).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    Effect(
      operation, cancellation: Cancellation(id: AnyHashable(id), cancelInFlight: cancelInFlight),
      errorMapping: errorMapping)
  }

  /// Turns this effect's error into a result for the reducer ("error is state"). Takes precedence
  /// over ``Feature/result(for:)``. Return `nil` to drop the error.
  public func `catch`(_ transform: @escaping (any Error) -> Result?) -> Effect {
    Effect(operation, cancellation: cancellation, errorMapping: transform)
  }

  /// Sends results and events from an async effect (see ``run(priority:_:)``).
  public struct Send: @unchecked Sendable {  // forwards to a store queue, which is thread-safe
    let emit: (EffectOutput<Result, Event>) -> Void

    /// Sends a result to the reducer.
    public func callAsFunction(_ result: Result) { emit(.result(result)) }

    /// Sends a result or an event.
    public func callAsFunction(_ output: EffectOutput<Result, Event>) { emit(output) }

    /// Publishes a one-off event.
    public func event(_ event: Event) { emit(.event(event)) }
  }
}

/// One output of an effect: a result for the reducer or a one-off event.
public enum EffectOutput<Result, Event> {
  /// A result for ``Feature/reduce(_:_:)``.
  case result(Result)
  /// A one-off event for ``Store/events``.
  case event(Event)
}

extension EffectOutput: Sendable where Result: Sendable, Event: Sendable {}
extension EffectOutput: Equatable where Result: Equatable, Event: Equatable {}

/// ReactiveMVI's own minimal bridge from an async function to an `Observable`: the function runs in
/// a `Task` per subscription; disposing the subscription cancels the task.
func taskObservable<Result, Event>(
  priority: TaskPriority?,
  _ body: @escaping @Sendable (Effect<Result, Event>.Send) async throws -> Void
) -> Observable<EffectOutput<Result, Event>> {
  Observable.create { observer in
    let box = ObserverBox(observer)
    let task = Task(priority: priority) {
      do {
        try await body(Effect.Send(emit: { box.observer.onNext($0) }))
        box.observer.onCompleted()
      } catch {
        box.observer.onError(error)
      }
    }
    return Disposables.create { task.cancel() }
  }
}

/// Carries an observer into a task. The observer comes from `Observable.create`, which drops
/// events after disposal; the task body emits them in sequence.
final class ObserverBox<Element>: @unchecked Sendable {  // immutable; events are sent serially
  let observer: AnyObserver<Element>
  init(_ observer: AnyObserver<Element>) { self.observer = observer }
}
