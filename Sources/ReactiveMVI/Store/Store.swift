import Dispatch
import ReactiveEngine
import Synchronization

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
///   thread that found the store idle. It handles every queued item before returning. (A producer
///   on another thread that finds a long backlog waits for it, and may be handed the rest to drain
///   on its own thread; see ReactiveEngine's `Drainer`.)
/// - An intent sent from a state subscriber, a middleware or an effect while the store is busy is
///   queued and handled after the current item; it never recurses and never waits.
/// - States, events and middleware callbacks are delivered on the draining thread. To render on
///   the main thread, use `store.states.observe(on: MainScheduler.instance)`.
/// - Intents sent before anyone subscribes are handled at once; ``states`` replays the resulting
///   state and ``events`` buffers events until its first subscriber.
///
/// A reduced state that the feature says is unchanged (by default: equal to the current one, when
/// `State` is `Equatable`; see ``Feature/stateHasChanged(from:to:)``) is not published.
///
/// Disposing the store (or releasing it) cancels every running effect; it then ignores intents.
/// ``dispose()`` is a barrier: once it returns, no `handle`, `reduce`, middleware call or state or
/// event delivery starts.
///
/// Thread safety: any thread reads ``state``, subscribes and sends intents, which is why the
/// feature's `State` and `Intent` are `Sendable`.
public final class Store<F: Feature>: ObserverType, Disposable, DrainerOwner, @unchecked Sendable {
  // Thread safety:
  // - `drainer` serializes all work: `handle`, `reduce`, middleware and every delivery run only on
  //   the thread holding its role, so `pendingEvents`, `stateSubscriptions` (drainer-owned:
  //   reachable only with the role) and the writer side of `published` are touched by one thread
  //   at a time (the role is handed over with acquire/release ordering). A state subscriber's
  //   `dispose()` (any thread) goes through its `DisposeBarrier` (see `StateSubscription`).
  // - `published` lets any thread read the latest state (see `PublishedState`).
  // - `effects` (running effects, idle waiters, the disposed flag they obey) is under its lock; it
  //   is touched only when effects start, end or are cancelled, never for `.none`/`.result`.
  // - The drainer is also the dispose barrier of the store's work: every intent and effect item
  //   runs inside its turn, and `dispose()` closes it (queued and later items are dropped) and
  //   waits for a turn running on another thread to end. Its closed bit is the disposed flag of
  //   the lock-free paths; everything else is immutable or a thread-safe relay.
  /// As an observer, a store takes its feature's intents (`intents.bind(to: store)`).
  public typealias Element = F.Intent

  @usableFromInline
  package enum Work {
    case intent(F.Intent)
    case output(EffectOutput<F.Result, F.Event>, effect: Int)
    case failure(any Error, effect: Int, mapping: ((any Error) -> F.Result?)?)
    case finished(effect: Int)
    case flushEvents
    /// A new subscriber of `states`: it gets the latest state, then every later one (or, when
    /// the closed drainer drops the request, the last state: see `SubscribeRequest`).
    case subscribe(SubscribeRequest)
    /// A disposed subscriber of `states`, to drop from the list.
    case unsubscribe(StateSubscription)
    /// Work on the store in its order, between two items: time travel's moves (showing a
    /// travelled state, resuming: see `StoreTimeTravel`) and a test store's wait for the store's
    /// turn (`waitForQueuedWork(until:)`).
    case perform((Store, borrowing DrainerRole) -> Void)
  }

  /// One subscriber of the store's states: an observer of ``states`` (its own subscriber leaf, or
  /// the operator it feeds, is its dispose barrier, so `barrier` is only closed, never entered;
  /// a subscriber leaf receives the state inside the drainer turn) or the closure of
  /// ``subscribeStates(onNext:)`` (which runs inside `barrier` and borrows the state the drainer
  /// delivers). Only the drainer adds it to, reads it in, and removes it from the store's
  /// list; `dispose()` (any thread) closes `barrier`, which every delivery checks, and queues its
  /// removal.
  @usableFromInline
  package final class StateSubscription: Cancelable, SubscriberListElement, @unchecked Sendable {
    // `downstream` is immutable; `handler` is read only inside `barrier` and released only by
    // whoever the barrier designates (or by `deinit`, when nothing else can read it); `store` is
    // weak (a subscription never keeps the store alive) and written only in `init`.
    @usableFromInline let downstream: Downstream<F.State>?
    /// The `onNext` closure, held with a retain of our own so that a delivery borrows it (a `let`
    /// of an unretained object) instead of retaining and releasing its context every time.
    @usableFromInline @exclusivity(unchecked) var handler: Unmanaged<Handler>?
    @usableFromInline let barrier = DisposeBarrier()
    weak var store: Store?
    /// Its slot in the store's list, or -1 when not in it. Drainer only, through the list.
    @usableFromInline @exclusivity(unchecked) package var slot = -1
    /// Whether its first state has been claimed (see `SubscribeRequest`).
    @usableFromInline let firstStateClaimed = Atomic<Bool>(false)

    @usableFromInline
    final class Handler {
      @usableFromInline let onNext: (F.State) -> Void
      init(_ onNext: @escaping (F.State) -> Void) { self.onNext = onNext }
    }

    /// A subscription delivering to `downstream` (an observer of ``Store/states``).
    @usableFromInline
    init(downstream: Downstream<F.State>?, store: Store?) {
      self.downstream = downstream
      self.handler = nil
      self.store = store
    }

    /// A subscription calling `onNext` (``Store/subscribeStates(onNext:)``). The closure goes
    /// straight into its box: wrapped in an `Optional` first, it would be stored behind two
    /// reabstraction thunks, both run on every delivery.
    @usableFromInline
    init(onNext: @escaping (F.State) -> Void, store: Store) {
      self.downstream = nil
      self.handler = Unmanaged.passRetained(Handler(onNext))
      self.store = store
    }

    /// The placeholder left in a disposed subscriber's slot: closed from the start, so every
    /// delivery skips it, and holding nothing.
    @usableFromInline
    static func tombstone() -> StateSubscription {
      let tombstone = StateSubscription(downstream: nil, store: nil)
      var old = 0
      _ = tombstone.barrier.close(old: &old)
      return tombstone
    }

    deinit { handler?.release() }

    /// Releases the `onNext` closure (whoever the barrier designates, once).
    @usableFromInline
    func releaseHandler() {
      handler?.release()
      handler = nil
    }

    @inlinable
    var isDead: Bool { barrier.isClosed }

    @usableFromInline
    package var isDisposed: Bool { isDead }

    /// Hands `state` to the subscriber unless it is disposed. Drainer only.
    ///
    /// `state` is borrowed from the caller, which owns it: passed on to the subscriber's code
    /// (opaque to the optimizer) it is lent as it is. Read from memory the callee might reach
    /// (a published slot), it would be copied for every subscriber (a retain and a release per
    /// reference it holds).
    @inlinable
    func deliver(_ state: F.State) {
      if downstream != nil {
        // Inside the drainer turn, which counts as a delivery on this thread. (Optional chaining
        // on the stored property borrows it; `if let` would copy it, a retain and a release.)
        // The skip of a disposed subscriber reads the closed bit relaxed: nothing is read
        // under it, and the subscriber's own barrier is what orders a dispose with this
        // delivery; an acquiring load would also make the optimizer load `downstream` again.
        if !barrier.isClosedRelaxed { downstream?.onNextWithinDelivery(state) }
      } else if barrier.enterWithinDelivery() {
        // Only the drainer delivers, and its turn already counts a delivery on this thread (what
        // the barrier's no-wait rule reads), so the callback is not counted again.
        handler?._withUnsafeGuaranteedRef { $0.onNext(state) }
        // The rare half out of line, through `self`: see
        // `DisposeBarrier.leaveWithinDelivery(orElse:)`.
        _ = barrier.leaveWithinDelivery(orElse: { self.leftWhileClosing($0) })
      }
    }

    /// The rare half of leaving the barrier after a delivery: wakes a parked closer, releases
    /// the handler when the barrier designates the runner.
    @usableFromInline @inline(never)
    func leftWhileClosing(_ old: Int) -> Bool {
      if barrier.leftWhileClosing(old) { releaseHandler() }
      return false
    }

    /// Claims the first state for the caller (`true` once, for one caller).
    @inlinable
    func claimFirstState() -> Bool {
      !firstStateClaimed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Hands the last state to a subscriber whose request the drainer never served (the store
    /// is disposed): any thread, outside the drainer, so the delivery is counted here.
    func deliverLastState(_ published: PublishedState<F.State>) {
      guard !isDead, claimFirstState() else { return }
      let state = published.read()
      if let downstream {
        downstream.on(.next(state))
      } else if barrier.enter() {
        handler?._withUnsafeGuaranteedRef { $0.onNext(state) }
        if barrier.leave() { releaseHandler() }
      }
    }

    @usableFromInline
    package func dispose() {
      var old = 0
      switch barrier.close(old: &old) {
      case .alreadyClosed: return
      case .releaseNow: releaseHandler()
      case .runnerReleases: if barrier.deferRelease() { releaseHandler() }
      }
      store?.submit(.unsubscribe(self))
    }
  }

  /// A new subscriber's request for its first state, queued like an intent. Exactly one of two
  /// serves it, whoever claims the subscriber's first state (`claimFirstState()`): the drainer
  /// attaching the subscriber, or this request's deinitializer, which runs when the closed
  /// drainer of a disposed store drops or refuses the request and hands the subscriber the last
  /// state. (A served request claims nothing when it is released.) So a subscriber made after
  /// or during `dispose()` still gets the last state, the promise of ``Store/states``.
  @usableFromInline
  package final class SubscribeRequest: @unchecked Sendable {
    // Both fields are immutable references to thread-safe objects.
    @usableFromInline let subscription: StateSubscription
    let published: PublishedState<F.State>

    @usableFromInline
    init(_ subscription: StateSubscription, published: PublishedState<F.State>) {
      self.subscription = subscription
      self.published = published
    }

    deinit { subscription.deliverLastState(published) }
  }

  @usableFromInline
  struct RunningEffects {
    var isDisposed = false
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
  @usableFromInline package let drainer = Drainer<Work>()
  @usableFromInline let published: PublishedState<F.State>
  /// The dispose barrier of intents and effect work (see "Thread safety" above and `dispose()`).
  @usableFromInline let effects = Locked(RunningEffects())
  /// The subscribers of `states`, in subscription order (the engine's `SubscriberList`, as a
  /// hub's: O(1) amortized removal, order kept). Drainer-owned: the drainer attaches a new
  /// subscriber after handing it the latest state, delivers each new state to the live ones, and
  /// removes disposed ones, all between or inside its items, so the list needs no lock and is
  /// never changed while it is iterated (re-entrant subscribes and disposals are queued).
  @usableFromInline @exclusivity(unchecked) var stateSubscriptions = DrainerOwned(
    SubscriberList<StateSubscription>())
  /// Shared by every disposed slot of `stateSubscriptions` (made at the first removal): closed,
  /// so deliveries skip it. Drainer-owned.
  @exclusivity(unchecked) var tombstone = DrainerOwned<StateSubscription?>(nil)
  /// Slots written or moved to remove subscribers so far: observable cost, for the tests of the
  /// O(1) amortized removal. Read on an idle store (it takes the drainer role to read).
  package var subscriberRemovalWork: Int {
    drainer.withIdleRole(for: self) { role in stateSubscriptions.read(role) { $0.removalWork } }
  }
  @usableFromInline let eventRelay = PublishRelay<F.Event>()
  /// Events published while nobody observed `events`, until the next flush. Drainer-owned.
  @usableFromInline @exclusivity(unchecked) var pendingEvents = DrainerOwned<[F.Event]>([])
  @usableFromInline let middleware: [Middleware<F>]
  /// The gate of a store that can time travel (its ``StoreTimeTravel``'s middleware was given):
  /// read only where middleware is present, so a store without middleware never reads it.
  @usableFromInline let travelGate: TravelGate<F>?

  /// Creates a store holding `initialState`, run by `feature`, watched by `middleware` (in order).
  public init(initialState: F.State, feature: F, middleware: [Middleware<F>] = []) {
    self.feature = feature
    self.middleware = middleware
    self.travelGate = middleware.lazy.compactMap(\.travelGate).first
    self.published = PublishedState(initialState)
  }

  deinit {
    let (subscriptions, waiters) = effects.withLock { effects in
      effects.isDisposed = true
      defer { effects.idleWaiters = [] }
      return (effects.effects.values.map(\.subscription), effects.idleWaiters)
    }
    for subscription in subscriptions { subscription.dispose() }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Public API

  /// The current state: the result of every result reduced so far. Readable from any thread,
  /// without a lock (see Docs/Store.md, "Thread contract").
  public var state: F.State { published.read() }

  /// Every state, starting with the current one (replayed to each new subscriber, like a
  /// `BehaviorRelay`). Never errors or completes. Delivered on the draining thread, in order, the
  /// same order to every subscriber.
  ///
  /// A subscription is attached by the drainer between two items: on an idle store at once, on
  /// the subscribing thread; on a busy one (another thread draining, or a subscription made from
  /// inside a delivery) it is queued like an intent, and `subscribe` returns before its first
  /// state arrives. Either way the subscriber receives the latest state, then every later one,
  /// with no gap and no repeat. Once the store is gone, it receives the last state only.
  public var states: Observable<F.State> {
    let published = self.published
    // Not `Observable.create`: the drainer already delivers serially and skips a disposed
    // subscription (the subscriber's own barrier covers a dispose racing a delivery, as with a
    // relay), so no wrapper sits on the hot path. The subscriber leaf of `subscribe(onNext:)` is
    // called straight from the store's list, inside its drainer turn (see `Downstream`).
    return Observable(downstreamHandler: { [weak self] downstream in
      guard let self else {
        downstream.on(.next(published.read()))
        return Disposables.create()
      }
      let subscription = StateSubscription(downstream: downstream, store: self)
      self.submit(.subscribe(SubscribeRequest(subscription, published: published)))
      return subscription
    })
  }

  /// Calls `onNext` with the current state, then with every later state, until the returned
  /// subscription is disposed: the same as `states.subscribe(onNext: onNext)` (same order,
  /// thread, replay and dispose barrier), for a final subscriber such as a view's render.
  ///
  /// Delivered straight from the store's subscriber list: no subscriber leaf, no event value and
  /// no copy of the state per delivery (`onNext` borrows the published state). `onNext` is
  /// released once the subscription is disposed. Not in RxSwift (where a store is not a type).
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), feature: Counter())
  /// let subscription = store.subscribeStates(onNext: { print($0.count) })
  /// // Prints: 0
  /// store.send(.increment)
  /// // Prints: 1
  /// subscription.dispose()
  /// ```
  public func subscribeStates(onNext: @escaping (F.State) -> Void) -> Disposable {
    let subscription = StateSubscription(onNext: onNext, store: self)
    submit(.subscribe(SubscribeRequest(subscription, published: published)))
    return subscription
  }

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
  /// Ignored once the store is disposed (also when it is queued when ``dispose()`` is called).
  ///
  /// On an idle store the calling thread handles it at once: one compare-exchange to take the
  /// drainer role, `handle`, `reduce`, the state published and delivered, one compare-exchange to
  /// leave; `.none` and `.result` effects allocate nothing.
  @inlinable
  public func send(_ intent: F.Intent) {
    // No check of the closed drainer first: a closed drainer refuses both the role and the item
    // (`handleIntent` checks again, for a `dispose()` that closed it since without waiting).
    // Not `drainer.submit(.intent(intent), to: self)`: building the work item copies the intent.
    if let role = drainer.tryEnter() {
      handleIntent(intent, role)
      drainer.leave(role, for: self)
    } else {
      submit(.intent(intent))
    }
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
  ///
  /// A barrier, like disposing a subscription: once `dispose()` returns, no `handle`, `reduce`,
  /// middleware call or state or event delivery starts. If the store is handling an item (an
  /// intent or an effect's output) on another thread, `dispose()` waits for that item to finish.
  /// It does not wait when the calling thread is itself delivering (inside this store's own turn,
  /// from a state or event subscriber, a middleware or an effect emitting synchronously; or inside
  /// any other delivery of ReactiveCore): it then returns at once, nothing further starts, and the
  /// one step already running (the current delivery to the subscribers, say) finishes on its
  /// thread. That exception is what keeps dispose from deadlocking, as with every dispose barrier
  /// of the library (see Docs/Concurrency.md). So a `dispose()` from inside `reduce` or
  /// `stateHasChanged` drops the state being reduced (it is not published), one from the
  /// deinitializer of a state released by publishing stops the new state's delivery, and one from
  /// a subscriber lets that delivery finish with the remaining subscribers, and no
  /// `effect(after:)` follows either.
  ///
  /// Subscribing to ``states`` (or ``subscribeStates(onNext:)``, or a scope's states) after
  /// `dispose()`, or while it runs, still replays the last state (and nothing after it).
  public func dispose() {
    drainer.closeAndWaitForTurn()
    let (subscriptions, waiters) = effects.withLock { effects in
      guard !effects.isDisposed else {
        return ([SingleAssignmentDisposable](), effects.takeIdleWaiters())
      }
      effects.isDisposed = true
      let subscriptions = effects.effects.values.map(\.subscription)
      effects.effects = [:]
      effects.effectsByID = [:]
      return (subscriptions, effects.takeIdleWaiters())
    }
    // Queued work was dropped by the closed drainer, which refuses every later item.
    for subscription in subscriptions { subscription.dispose() }
    for waiter in waiters { waiter.resume() }
  }

  /// Whether the store has been disposed.
  public var isDisposed: Bool { drainer.isClosed }

  /// The number of effects started and not yet finished or cancelled (effects whose work runs
  /// later: observables, tasks; synchronous results and events are not counted). Readable from
  /// any thread; it may change as soon as it is read.
  public var runningEffectCount: Int { effects.withLock { $0.effects.count } }

  /// Returns once no effect is running (at once if none is), or once the store is disposed.
  ///
  /// Event-driven: it resumes when the last running effect finishes or is cancelled. An effect
  /// started later (by a new intent) is not waited for. Use it in tests and at the end of a
  /// command-line program; wrap it in your own timeout if an effect may never end.
  public func waitForEffects() async {
    await withCheckedContinuation { continuation in
      let idle = effects.withLock { effects -> Bool in
        if effects.effects.isEmpty || effects.isDisposed { return true }
        effects.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }

  // MARK: The drain loop

  /// Queues `work`, or handles it at once when the store is idle (out of line: the effects'
  /// callbacks and the subscription paths share it).
  @usableFromInline
  func submit(_ work: Work) {
    drainer.submit(work, to: self)
  }

  /// Runs one item of the store's work (see `DrainerOwner`: `submit(_:to:)` queues it, or handles
  /// it at once when the store is idle).
  @inlinable
  package func handle(_ work: Work, _ role: borrowing DrainerRole) {
    switch work {
    // A subscription the closed drainer drops gets the last state from its request.
    case .subscribe(let request):
      attach(request.subscription, role)
    case .unsubscribe(let subscription):
      detach(subscription, role)
    case .perform(let work):
      if !drainer.isClosed { work(self, role) }
    // Work queued before `dispose()` was dropped by the closed drainer.
    case .intent(let intent):
      handleIntent(intent, role)
    case .output, .failure, .finished, .flushEvents:
      processEffectWork(work, role)
    }
  }

  /// Effect outputs, failures and completions, and the flush of buffered events (dropped once
  /// the store is disposed).
  @inlinable
  func processEffectWork(_ work: Work, _ role: borrowing DrainerRole) {
    guard !drainer.isClosed else { return }
    switch work {
    case .output(let output, let key):
      guard isRunning(key) else { return }
      switch output {
      case .result(let result): reduce(result, origin: .effect, role)
      case .event(let event): publish(event, origin: .effect, role)
      }
    case .failure(let error, let key, let mapping):
      guard finish(key) else { return }
      if let result = mapping?(error) ?? feature.result(for: error) {
        if !drainer.isClosed { reduce(result, origin: .effect, role) }
      } else if !middleware.isEmpty {
        notify(.effectFailed(error))
      }
    case .finished(let key):
      _ = finish(key)
    case .flushEvents:
      flushEvents(role)
    case .intent, .subscribe, .unsubscribe, .perform:
      preconditionFailure("not effect work")
    }
  }

  /// Hands a new subscriber of `states` the latest state, then adds it to the list.
  @usableFromInline
  func attach(_ subscription: StateSubscription, _ role: borrowing DrainerRole) {
    guard !subscription.isDead, subscription.claimFirstState() else { return }
    subscription.deliver(published.latest)
    guard !subscription.isDead else { return }
    stateSubscriptions.modify(role) { $0.append(subscription) }
  }

  /// Drops a disposed subscriber of `states` from the list: O(1), amortized (see
  /// `stateSubscriptions`).
  @usableFromInline
  func detach(_ subscription: StateSubscription, _ role: borrowing DrainerRole) {
    // A subscription never attached (disposed before its first state) is not in the list. The
    // tombstone is made (once) before the list is entered: the two are separate drainer-owned
    // fields.
    let tombstone = self.tombstone.modify(role) { made in
      if made == nil { made = StateSubscription.tombstone() }
      return made.unsafelyUnwrapped
    }
    stateSubscriptions.modify(role) { $0.remove(subscription) { tombstone } }
  }

  /// Handles an intent (dropped once the store is disposed).
  @inlinable
  func handleIntent(_ intent: F.Intent, _ role: borrowing DrainerRole) {
    guard !drainer.isClosed else { return }
    if !middleware.isEmpty {
      if let travelGate, travelGate.holds(.intent(intent)) { return }
      notify(.intent(intent))
      guard !drainer.isClosed else { return }
    }
    run(feature.handle(intent, state: published.latestSlot.pointee), role)
  }

  /// Reduces `result`, publishes and delivers the new state unless the feature says it is
  /// unchanged, then runs the feature's effect after it.
  ///
  /// A `dispose()` from inside the store's own turn returns at once, and what the item would
  /// still do is skipped: so wherever user code has run since the item started (`handle`, a
  /// middleware, a subscriber, an error mapping), the next step checks the closed drainer
  /// first. Callers check before calling this; the effect after it is checked by `run`.
  @inlinable
  func reduce(
    _ result: consuming F.Result, origin: OutputOrigin, _ role: borrowing DrainerRole
  ) {
    // Activities are only built for middleware to see.
    if middleware.isEmpty {
      // The latest state is lent to `reduce` and `stateHasChanged` as a local, not copied (see
      // `PublishedState.lendLatest()`). The result is copied once, for `reduce`, since `effect(after:)`
      // needs it too.
      let old = published.lendLatest()
      let new = feature.reduce(old, copy result)
      // One check after `reduce` and `stateHasChanged` (a judgement of the state `reduce` made):
      // disposed by either, the state is dropped, unpublished.
      if feature.stateHasChanged(from: old, to: new) {
        published.endLoan(consume old)
        guard !drainer.isClosed else { return }
        // The new state moves into its slot, and is lent from there to every subscriber, who
        // borrows it: no copy per state, whatever the number of subscribers (see
        // `StateSubscription.deliver`). A subscriber's intent is queued, so nothing publishes
        // until the loan ends. Publishing releases the displaced state, whose deinitializer
        // may dispose the store (a trivial state has none); so may a subscriber.
        let latest = published.publishAndLend(consume new)
        if _isPOD(F.State.self) || !drainer.isClosed { deliver(latest, role) }
        guard !drainer.isClosed else { return published.endLoan(consume latest) }
        let effect = feature.effect(after: result, state: latest)
        published.endLoan(consume latest)
        run(effect, role)
      } else {
        guard !drainer.isClosed else { return published.endLoan(consume old) }
        let effect = feature.effect(after: result, state: old)
        published.endLoan(consume old)
        run(effect, role)
      }
    } else {
      reduceObserved(result, origin: origin, role)
    }
  }

  /// `reduce(_:origin:)` with middleware: each step is shown to the middleware, and the state is
  /// read from its slot (no loan: middleware may keep it). Out of line, so that the path without
  /// middleware keeps its registers.
  @inlinable @inline(never)
  func reduceObserved(
    _ result: consuming F.Result, origin: OutputOrigin, _ role: borrowing DrainerRole
  ) {
    if let travelGate, travelGate.holds(.result(copy result, origin: origin)) { return }
    notify(.result(copy result, origin: origin))
    guard !drainer.isClosed else { return }
    let old = published.latest
    let new = feature.reduce(old, copy result)
    guard !drainer.isClosed else { return }
    if feature.stateHasChanged(from: old, to: new) {
      guard !drainer.isClosed else { return }
      published.publish(new)
      // The displaced state's deinitializer or a middleware may have disposed the store.
      guard !drainer.isClosed else { return }
      notify(.stateChanged(from: old, to: new))
      if !drainer.isClosed { deliver(new, role) }
      guard !drainer.isClosed else { return }
    }
    run(feature.effect(after: result, state: published.latestSlot.pointee), role)
  }

  /// Sends `state` to every live subscriber, in subscription order. Inlined into `reduce`, its
  /// one hot caller: a call of its own would cost more than the loop.
  @inlinable @inline(__always)
  func deliver(_ state: F.State, _ role: borrowing DrainerRole) {
    // The list does not change while it is iterated (see `stateSubscriptions`) and keeps every
    // subscription alive: no retain per delivery.
    let subscriptions = stateSubscriptions.read(role) { $0.unsafeElements }
    // A counted loop, not `indices`: a buffer's count is never negative, so no range check.
    var index = 0
    while index != subscriptions.count {
      Unmanaged.passUnretained(subscriptions[index])._withUnsafeGuaranteedRef { $0.deliver(state) }
      index &+= 1
    }
  }

  @inlinable
  func publish(_ event: F.Event, origin: OutputOrigin, _ role: borrowing DrainerRole) {
    if !middleware.isEmpty {
      if let travelGate, travelGate.holds(.event(event, origin: origin)) { return }
      notify(.event(event, origin: origin))
    }
    if eventRelay.hasObservers {
      eventRelay.accept(event)
    } else {
      pendingEvents.modify(role) { $0.append(event) }
    }
  }

  @usableFromInline
  func flushEvents(_ role: borrowing DrainerRole) {
    guard !pendingEvents.read(role, { $0.isEmpty }), eventRelay.hasObservers else { return }
    let events = pendingEvents.modify(role) { pending in
      defer { pending = [] }
      return pending
    }
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

  /// Runs an effect returned by the feature. The inline ones (no effect, one result, one event)
  /// are handled right here; the others go through `run(_:id:mapping:)`. A result or event is
  /// dropped once the store is disposed (user code ran before: see `reduce`); a stream is not
  /// started (`start` checks).
  @inlinable
  func run(_ effect: consuming Effect<F.Result, F.Event>, _ role: borrowing DrainerRole) {
    // Consumed: a result can move out of the effect instead of being copied.
    switch (consume effect).storage {
    case .none: break
    case .result(let result): if !drainer.isClosed { reduce(result, origin: .intent, role) }
    case .event(let event): if !drainer.isClosed { publish(event, origin: .intent, role) }
    case .body(let body): run(body, id: nil, mapping: nil, role)
    }
  }

  /// Runs an effect's body; `id` and `mapping` are inherited from an enclosing merge.
  @usableFromInline
  func run(
    _ body: Effect<F.Result, F.Event>.Body, id: AnyHashable?, mapping: ((any Error) -> F.Result?)?,
    _ role: borrowing DrainerRole
  ) {
    var id = id
    if let cancellation = body.cancellation {
      id = cancellation.id
      if cancellation.cancelInFlight { cancel(cancellation.id) }
    }
    let mapping = body.errorMapping ?? mapping
    switch body.operation {
    case .none:
      break
    case .emitOne(.result(let result)):
      if !drainer.isClosed { reduce(result, origin: .intent, role) }
    case .emitOne(.event(let event)):
      if !drainer.isClosed { publish(event, origin: .intent, role) }
    case .cancel(let target):
      cancel(target)
    case .merge(let effects):
      for child in effects {
        switch child.storage {
        case .body(let body): run(body, id: id, mapping: mapping, role)
        default: run(child, role)
        }
      }
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
    let key = effects.withLock { effects -> Int? in
      guard !effects.isDisposed else { return nil }
      let key = effects.nextEffect
      effects.nextEffect += 1
      effects.effects[key] = (id, subscription)
      if let id { effects.effectsByID[id, default: []].insert(key) }
      return key
    }
    guard let key else { return }
    // Attributed to this effect: what a test scheduler records for the items the subscription
    // schedules, so a test store can say when each running effect next falls due.
    let subscribed = WorkAttribution.withCurrent(
      WorkAttribution(owner: ObjectIdentifier(self), key: key)
    ) {
      source.subscribe(
        onNext: { [weak self] output in self?.submit(.output(output, effect: key)) },
        onError: { [weak self] error in
          self?.submit(.failure(error, effect: key, mapping: mapping))
        },
        onCompleted: { [weak self] in self?.submit(.finished(effect: key)) })
    }
    subscription.setDisposable(subscribed)
  }

  @usableFromInline
  func isRunning(_ key: Int) -> Bool {
    effects.withLock { $0.effects[key] != nil }
  }

  /// Forgets a finished effect; `false` when it was already cancelled.
  @usableFromInline
  func finish(_ key: Int) -> Bool {
    let (subscription, waiters) = effects.withLock { effects in
      guard let entry = effects.effects.removeValue(forKey: key) else {
        return (SingleAssignmentDisposable?.none, [CheckedContinuation<Void, Never>]())
      }
      if let id = entry.id {
        effects.effectsByID[id]?.remove(key)
        if effects.effectsByID[id]?.isEmpty == true { effects.effectsByID[id] = nil }
      }
      return (entry.subscription, effects.takeIdleWaiters())
    }
    subscription?.dispose()
    for waiter in waiters { waiter.resume() }
    return subscription != nil
  }

  @usableFromInline
  func cancel(_ id: AnyHashable) {
    let (subscriptions, waiters) = effects.withLock { effects in
      var keys = effects.effectsByID.removeValue(forKey: id) ?? []
      // A whole scope (a row, a child's embedding): every id inside it.
      if let scope = id.base as? EffectScopeID {
        for inner in effects.effectsByID.keys.filter(scope.contains) {
          keys.formUnion(effects.effectsByID.removeValue(forKey: inner) ?? [])
        }
      }
      guard !keys.isEmpty else {
        return ([SingleAssignmentDisposable](), [CheckedContinuation<Void, Never>]())
      }
      let subscriptions = keys.compactMap { effects.effects.removeValue(forKey: $0)?.subscription }
      return (subscriptions, effects.takeIdleWaiters())
    }
    for subscription in subscriptions { subscription.dispose() }
    for waiter in waiters { waiter.resume() }
  }
}
