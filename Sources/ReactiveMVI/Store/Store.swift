import Dispatch

/// Owns one immutable state value and changes it only by reducing results, one at a time, in
/// arrival order, whichever threads send intents.
///
/// A view subscribes to ``states`` (which replays the current state) and forwards user actions
/// with ``send(_:)`` or by binding an observable of intents: the store is an `ObserverType` of
/// intents, so `intents.bind(to: store)` works as in RxSwift.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), feature: Counter())
/// let bag = DisposeBag()
/// store.states.subscribe(onNext: { print($0.count) }).disposed(by: bag)
/// // Prints: 0
/// store.send(.increment)
/// // Prints: 1
/// ```
///
/// Ordering and threads (see Docs/Store.md):
/// - Work (intents, effect outputs) is queued and run by one thread at a time, the *drainer*: the
///   thread that found the store idle. It handles every queued item before returning (after
///   65,536 items in one turn it hands the rest to a background thread).
/// - An intent sent from a state subscriber, a middleware or an effect while the store is busy is
///   queued and handled after the current item; it never recurses.
/// - States, events and middleware callbacks are delivered on the draining thread. To render on
///   the main thread, use `store.states.observe(on: MainScheduler.instance)`.
/// - Intents sent before anyone subscribes are handled at once; ``states`` replays the resulting
///   state and ``events`` buffers events until its first subscriber.
///
/// Disposing the store (or releasing it) cancels every running effect; it then ignores intents.
public final class Store<F: Feature>: ObserverType, Disposable, Drainable, @unchecked Sendable {
  // Thread safety: `shared` (queue, running effects, current state, flags) is only touched under
  // its lock; `pendingEvents` and `drainerState` are only touched by the drainer (the `draining` flag hands it over
  // under the lock); everything else is immutable or a thread-safe relay.
  /// As an observer, a store takes its feature's intents (`intents.bind(to: store)`).
  public typealias Element = F.Intent

  @usableFromInline
  enum Work {
    case intent(F.Intent)
    case output(EffectOutput<F.Result, F.Event>, effect: Int)
    case failure(any Error, effect: Int, mapping: ((any Error) -> F.Result?)?)
    case finished(effect: Int)
    case flushEvents
  }

  @usableFromInline
  struct Shared {
    @usableFromInline var state: F.State
    @usableFromInline var queue = FIFO<Work>()
    @usableFromInline var draining = false
    @usableFromInline var isDisposed = false
    var nextEffect = 0
    var effects: [Int: (id: AnyHashable?, subscription: SingleAssignmentDisposable)] = [:]
    var effectsByID: [AnyHashable: Set<Int>] = [:]
    /// Tasks waiting in ``Store/waitForEffects()`` for `effects` to become empty.
    var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// The waiters to resume now that `effects` may be empty (none while effects run).
    mutating func takeIdleWaiters() -> [CheckedContinuation<Void, Never>] {
      guard effects.isEmpty, !idleWaiters.isEmpty else { return [] }
      defer { idleWaiters = [] }
      return idleWaiters
    }
  }

  /// The feature this store runs.
  public let feature: F
  @usableFromInline let shared: Locked<Shared>
  @usableFromInline let stateRelay: BehaviorRelay<F.State>
  @usableFromInline let eventRelay = PublishRelay<F.Event>()
  // `pendingEvents` and `drainerState` are drainer-only (one drainer at a time, handed over under
  // the lock), so their exclusivity is not checked at run time.
  @usableFromInline @exclusivity(unchecked) var pendingEvents: [F.Event] = []
  /// The drainer's copy of the state (only the drainer writes the state, so it reads its own copy
  /// without locking and publishes each new value to `shared.state` for other threads).
  @usableFromInline @exclusivity(unchecked) var drainerState: F.State
  @usableFromInline let middleware: [Middleware<F>]

  /// Creates a store holding `initialState`, run by `feature`, watched by `middleware` (in order).
  public init(initialState: F.State, feature: F, middleware: [Middleware<F>] = []) {
    self.feature = feature
    self.middleware = middleware
    self.shared = Locked(Shared(state: initialState))
    self.drainerState = initialState
    self.stateRelay = BehaviorRelay(value: initialState)
  }

  deinit {
    let (subscriptions, waiters) = shared.withLock { shared in
      shared.isDisposed = true
      defer { shared.idleWaiters = [] }
      return (shared.effects.values.map(\.subscription), shared.idleWaiters)
    }
    for subscription in subscriptions { subscription.dispose() }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Public API

  /// The current state: the result of every result reduced so far. Readable from any thread.
  public var state: F.State { shared.withLock { $0.state } }

  /// Every state, starting with the current one (replayed to each new subscriber, like a
  /// `BehaviorRelay`). Never errors or completes. Delivered on the draining thread, in order, the
  /// same order to every subscriber.
  public var states: Observable<F.State> { stateRelay.asObservable() }

  /// One-off events (navigation, alerts, toasts), separate from state.
  ///
  /// Events published while nobody subscribes are buffered and delivered, in order, once, to the
  /// first subscriber(s); after that, each event goes to the subscribers present at that moment
  /// (nothing is replayed to later subscribers). Delivered on the draining thread.
  public var events: Observable<F.Event> {
    let relay = eventRelay
    return Observable.create { [weak self] observer in
      let subscription = relay.subscribe(observer)
      self?.submit(.flushEvents)
      return subscription
    }
  }

  /// Sends an intent. Callable from any thread; handled after everything queued before it.
  /// Ignored once the store is disposed.
  @inlinable
  public func send(_ intent: F.Intent) {
    submit(.intent(intent))
  }

  /// Sends each intent in order (as `send(_:)` would).
  @inlinable
  public func send<S: Sequence>(contentsOf intents: S) where S.Element == F.Intent {
    for intent in intents { send(intent) }
  }

  /// `ObserverType`: an element is sent as an intent; completion and errors of an intent source are
  /// ignored (the store outlives any one source). Enables `intents.bind(to: store)`.
  @inlinable
  public func on(_ event: ReactiveCore.Event<F.Intent>) {
    if case .next(let intent) = event { send(intent) }
  }

  /// Cancels every running effect, drops queued work, and ignores intents from now on. `state`
  /// and `states` keep the last state. Idempotent.
  public func dispose() {
    let (subscriptions, waiters) = shared.withLock { shared in
      guard !shared.isDisposed else { return ([SingleAssignmentDisposable](), shared.takeIdleWaiters()) }
      shared.isDisposed = true
      shared.queue.removeAll()
      let subscriptions = shared.effects.values.map(\.subscription)
      shared.effects = [:]
      shared.effectsByID = [:]
      return (subscriptions, shared.takeIdleWaiters())
    }
    for subscription in subscriptions { subscription.dispose() }
    for waiter in waiters { waiter.resume() }
  }

  /// Whether the store has been disposed.
  public var isDisposed: Bool { shared.withLock { $0.isDisposed } }

  /// The number of effects started and not yet finished or cancelled (effects whose work runs
  /// later: observables, tasks; synchronous results and events are not counted). Readable from
  /// any thread; it may change as soon as it is read.
  public var runningEffectCount: Int { shared.withLock { $0.effects.count } }

  /// Returns once no effect is running (at once if none is), or once the store is disposed.
  ///
  /// Event-driven: it resumes when the last running effect finishes or is cancelled. An effect
  /// started later (by a new intent) is not waited for. Use it in tests and at the end of a
  /// command-line program; wrap it in your own timeout if an effect may never end.
  public func waitForEffects() async {
    await withCheckedContinuation { continuation in
      let idle = shared.withLock { shared -> Bool in
        if shared.effects.isEmpty || shared.isDisposed { return true }
        shared.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }

  // MARK: The drain loop

  @inlinable
  func submit(_ work: Work) {
    let becameDrainer = shared.withLock { shared -> Bool in
      guard !shared.isDisposed else { return false }
      if shared.draining {
        shared.queue.append(work)
        return false
      }
      shared.draining = true
      return true
    }
    guard becameDrainer else { return }
    // The queue is empty whenever nobody drains (the drainer only stops on an empty queue, and
    // dispose empties it), so `work` is first in line: handle it without queueing it.
    process(work)
    drain(handled: 1)
  }

  /// How many items one thread drains before handing the drainer role to a background thread, so
  /// that producers on other threads cannot keep one caller of `send` busy forever.
  @inlinable
  static var drainBudget: Int { 65_536 }

  @inlinable
  func drain() { drain(handled: 0) }

  /// Drains the queue; `handled` items of this turn were already handled by the caller.
  @inlinable
  func drain(handled: Int) {
    var budget = Self.drainBudget - handled
    while true {
      let next = shared.withLock { shared -> Work? in
        if let work = shared.queue.popFirst() { return work }
        shared.draining = false
        return nil
      }
      guard let work = next else { return }
      process(work)
      budget -= 1
      if budget == 0 {
        handOff()
        return
      }
    }
  }

  /// Hands the drainer role (still held) to a background thread, which goes on where this one
  /// stops.
  @usableFromInline
  func handOff() {
    let store: any Drainable = self
    DispatchQueue.global().async { store.drain() }
  }

  @inlinable
  func process(_ work: Work) {
    switch work {
    case .intent(let intent):
      if !middleware.isEmpty { notify(.intent(intent)) }
      run(feature.handle(intent, state: drainerState), id: nil, mapping: nil)
    case .output(let output, let key):
      guard isRunning(key) else { return }
      apply(output, origin: .effect)
    case .failure(let error, let key, let mapping):
      guard finish(key) else { return }
      if let result = mapping?(error) ?? feature.result(for: error) {
        apply(.result(result), origin: .effect)
      } else if !middleware.isEmpty {
        notify(.effectFailed(error))
      }
    case .finished(let key):
      _ = finish(key)
    case .flushEvents:
      flushEvents()
    }
  }

  @inlinable
  func apply(_ output: EffectOutput<F.Result, F.Event>, origin: OutputOrigin) {
    // Activities are only built for middleware to see.
    let observed = !middleware.isEmpty
    switch output {
    case .result(let result):
      if observed { notify(.result(result, origin: origin)) }
      let old = drainerState
      let new = feature.reduce(old, result)
      drainerState = new
      shared.withLock { $0.state = new }
      if observed { notify(.stateChanged(from: old, to: new)) }
      stateRelay.accept(new)
      run(feature.effect(after: result, state: new), id: nil, mapping: nil)
    case .event(let event):
      if observed { notify(.event(event, origin: origin)) }
      if eventRelay.hasObservers {
        eventRelay.accept(event)
      } else {
        pendingEvents.append(event)
      }
    }
  }

  @usableFromInline
  func flushEvents() {
    guard !pendingEvents.isEmpty, eventRelay.hasObservers else { return }
    let events = pendingEvents
    pendingEvents = []
    for event in events { eventRelay.accept(event) }
  }

  /// Shows `activity` to every middleware, in order. Callers skip building the activity when
  /// there is no middleware.
  @usableFromInline
  func notify(_ activity: StoreActivity<F>) {
    let context = MiddlewareContext(store: self)
    for middleware in middleware { middleware.observe(activity, context) }
  }

  // MARK: Effects

  @inlinable
  func run(
    _ effect: Effect<F.Result, F.Event>, id: AnyHashable?,
    mapping: ((any Error) -> F.Result?)?
  ) {
    var id = id
    if let cancellation = effect.cancellation {
      id = cancellation.id
      if cancellation.cancelInFlight { cancel(cancellation.id) }
    }
    let mapping = effect.errorMapping ?? mapping
    switch effect.operation {
    case .none:
      break
    case .emitOne(let output):
      apply(output, origin: .intent)
    case .cancel(let target):
      cancel(target)
    case .merge(let effects):
      for child in effects { run(child, id: id, mapping: mapping) }
    case .stream(let source):
      start(source, id: id, mapping: mapping)
    }
  }

  @usableFromInline
  func start(
    _ source: Observable<EffectOutput<F.Result, F.Event>>, id: AnyHashable?,
    mapping: ((any Error) -> F.Result?)?
  ) {
    let subscription = SingleAssignmentDisposable()
    let key = shared.withLock { shared -> Int? in
      guard !shared.isDisposed else { return nil }
      let key = shared.nextEffect
      shared.nextEffect += 1
      shared.effects[key] = (id, subscription)
      if let id { shared.effectsByID[id, default: []].insert(key) }
      return key
    }
    guard let key else { return }
    subscription.setDisposable(
      source.subscribe(
        onNext: { [weak self] output in self?.submit(.output(output, effect: key)) },
        onError: { [weak self] error in
          self?.submit(.failure(error, effect: key, mapping: mapping))
        },
        onCompleted: { [weak self] in self?.submit(.finished(effect: key)) }))
  }

  @usableFromInline
  func isRunning(_ key: Int) -> Bool {
    shared.withLock { $0.effects[key] != nil }
  }

  /// Forgets a finished effect; `false` when it was already cancelled.
  @usableFromInline
  func finish(_ key: Int) -> Bool {
    let (subscription, waiters) = shared.withLock { shared in
      guard let entry = shared.effects.removeValue(forKey: key) else {
        return (SingleAssignmentDisposable?.none, [CheckedContinuation<Void, Never>]())
      }
      if let id = entry.id {
        shared.effectsByID[id]?.remove(key)
        if shared.effectsByID[id]?.isEmpty == true { shared.effectsByID[id] = nil }
      }
      return (entry.subscription, shared.takeIdleWaiters())
    }
    subscription?.dispose()
    for waiter in waiters { waiter.resume() }
    return subscription != nil
  }

  @usableFromInline
  func cancel(_ id: AnyHashable) {
    let (subscriptions, waiters) = shared.withLock { shared in
      guard let keys = shared.effectsByID.removeValue(forKey: id) else {
        return ([SingleAssignmentDisposable](), [CheckedContinuation<Void, Never>]())
      }
      let subscriptions = keys.compactMap { shared.effects.removeValue(forKey: $0)?.subscription }
      return (subscriptions, shared.takeIdleWaiters())
    }
    for subscription in subscriptions { subscription.dispose() }
    for waiter in waiters { waiter.resume() }
  }
}

/// Lets a drainer hand its role to another thread without capturing the feature's type.
@usableFromInline
protocol Drainable: AnyObject, Sendable {
  func drain()
}
