import ReactiveEngine

/// Holds a store's work while it time travels, so that nothing the store does mixes into the
/// past state it shows (see ``StoreTimeTravel``). The store asks it, on its draining thread and
/// only when it has middleware, before handling an intent, reducing a result or publishing an
/// event.
///
/// Thread safety: its state is under its lock; `report` is called outside it.
@usableFromInline
final class TravelGate<F: Feature>: @unchecked Sendable {
  // `state` is under its lock; the rest is immutable.
  @usableFromInline
  enum Work {
    case intent(F.Intent)
    case result(F.Result, origin: OutputOrigin)
    case event(F.Event, origin: OutputOrigin)
  }

  struct State {
    /// The live state while travelling, `nil` when live.
    var live: F.State?
    /// What arrived while travelling, in order: handed back to the store on resume.
    var held: [Work] = []
    /// The step shown and the number of steps, for the refusal message.
    var position = 0
    var stepCount = 0
  }

  let state = Locked(State())
  let intentPolicy: IntentsWhileTravelling

  init(intentPolicy: IntentsWhileTravelling) {
    self.intentPolicy = intentPolicy
  }

  /// Whether the store must leave `work` alone now: held for resume or, for an intent under
  /// ``IntentsWhileTravelling/refuse(_:)``, dropped and reported.
  @usableFromInline
  func holds(_ work: Work) -> Bool {
    var refusal: String?
    let held = state.withLock { state -> Bool in
      guard state.live != nil else { return false }
      if case .intent(let intent) = work, case .refuse = intentPolicy {
        refusal =
          "intent \(intent) refused: the store is time travelling (step \(state.position) of "
          + "\(state.stepCount)); resume to send intents"
        return true
      }
      state.held.append(work)
      return true
    }
    if let refusal, case .refuse(let report) = intentPolicy { report(refusal) }
    return held
  }
}

/// What a time-travelling store does with the intents the view sends: they never mix into the
/// past state it shows.
public enum IntentsWhileTravelling: Sendable {
  /// Held, in order, and handled on ``StoreTimeTravel/resume()``, after the live state is back.
  case hold
  /// Dropped; `report` gets one sentence naming the intent and the step shown (on the store's
  /// draining thread).
  case refuse(_ report: @Sendable (String) -> Void)
}

/// Time travel for a live store, as a drop-in store factory: the store it makes records its
/// session in memory, and can be paused at any time to step back and forth through it, skip
/// steps, and resume.
///
/// While travelling, the store itself shows the past: ``Store/state``, every subscriber of
/// ``Store/states`` and every `ViewStore` get the travelled state, so the app's own view shows
/// it. Nothing live mixes in: the intents the view sends are held for ``resume()`` or refused
/// with a clear message (``IntentsWhileTravelling``), and the results and events of effects still
/// running are held and applied, in order, on ``resume()``, after the live state is back.
/// Skipping a step recomputes the travelled states after it; the live state is not changed.
///
/// ```swift
/// // Counter as in Feature's example.
/// let travel = StoreTimeTravel(initialState: Counter.State(), feature: Counter())
/// let store = travel.store
/// store.send(.increment)
/// store.send(.increment)
/// travel.pause()
/// travel.stepBack()
/// #expect(store.state.count == 1)  // what the view shows
/// store.send(.decrement)  // held
/// travel.resume()
/// #expect(store.state.count == 1)  // 2, then the held decrement
/// ```
///
/// Meant for debug builds: every step is kept in memory (the states are not: see
/// ``TimeTravel``), and the store has middleware.
///
/// Thread safety: any thread; the store it makes is used from any thread as usual. Each call is
/// run in the store's order, between two of its items: at once on an idle store, after the
/// current item on a busy one (so ``timeTravel`` may not show it yet when the call returns).
public final class StoreTimeTravel<F: Feature>: @unchecked Sendable {
  // `travel` and `steps` are under their locks; the rest is immutable and thread-safe.
  /// The store, recording its session and able to travel.
  public let store: Store<F>
  let feature: F
  let name: String
  let initialState: F.State
  let gate: TravelGate<F>
  let assembler: SessionStepAssembler<F>
  let steps: Locked<[Session<F>.Step]>
  let travel = Locked<TimeTravel<F>?>(nil)

  /// Makes a store that can time travel: `feature` run from `initialState`, watched by
  /// `middleware`, with what happens to the view's intents while travelling.
  ///
  /// - Parameters:
  ///   - initialState: the store's initial state.
  ///   - feature: the feature the store runs.
  ///   - middleware: more middleware for the store (after the recording one).
  ///   - name: the feature name of the session (default: the feature's type name).
  ///   - scheduler: whose clock each step records (none by default).
  ///   - intentsWhileTravelling: what becomes of the view's intents while travelling (held for
  ///     ``resume()`` by default).
  public init(
    initialState: F.State, feature: F, middleware: [Middleware<F>] = [], name: String? = nil,
    scheduler: (any SchedulerType)? = nil, intentsWhileTravelling: IntentsWhileTravelling = .hold
  ) {
    let steps = Locked<[Session<F>.Step]>([])
    let assembler = SessionStepAssembler<F>(initialState: initialState, scheduler: scheduler) {
      step, _ in steps.withLock { $0.append(step) }
    }
    let gate = TravelGate<F>(intentPolicy: intentsWhileTravelling)
    self.feature = feature
    self.name = name ?? String(describing: F.self)
    self.initialState = initialState
    self.gate = gate
    self.assembler = assembler
    self.steps = steps
    self.store = Store(
      initialState: initialState, feature: feature,
      middleware: [Middleware(travelGate: gate) { activity, _ in assembler.record(activity) }]
        + middleware)
  }

  /// The session recorded so far (with the step in progress, if any, as it is now).
  public var session: Session<F> {
    // The step in progress is copied, not completed: completing it from another thread while
    // the store handles its item would cut it in two. (The same lock order as the assembler's
    // `complete`, which appends under its lock.)
    let steps = assembler.pending.withLock { pending in
      self.steps.withLock { $0 } + (pending.step.map { [$0] } ?? [])
    }
    return Session(featureName: name, initialState: initialState, steps: steps)
  }

  /// Whether the store shows a travelled state.
  public var isTravelling: Bool { travel.withLock { $0 != nil } }

  /// The travel in progress: position, state, skipped steps, changed fields (`nil` when live).
  public var timeTravel: TimeTravel<F>? { travel.withLock { $0 } }

  /// Starts travelling at the last step (the live state); the store holds its work from here.
  /// Does nothing while travelling.
  public func pause() { perform { travel, store, role in travel.begin(store, role) } }

  /// Shows the state after step `position` (0: the initial state), clamped to the session.
  /// Pauses first when live.
  public func jump(to position: Int) { move { $0.jump(to: position) } }

  /// Shows the state one step later (nothing at the end).
  public func stepForward() { move { $0.stepForward() } }

  /// Shows the state one step earlier (nothing at the start).
  public func stepBack() { move { $0.stepBack() } }

  /// Skips the step at `position` (1-based) or unskips it, recomputing the travelled states after
  /// it; the store shows the recomputed state.
  public func toggleSkip(_ position: Int) { move { $0.toggleSkip(position) } }

  /// Back to the live state: the store shows it again, then handles what it held while
  /// travelling (effects' results and events, and the view's intents under
  /// ``IntentsWhileTravelling/hold``), in the order they arrived.
  public func resume() {
    perform { travel, store, role in
      guard travel.travel.withLock({ $0.take() }) != nil else { return }
      let (live, held) = travel.gate.state.withLock { state in
        defer { state = TravelGate<F>.State() }
        return (state.live, state.held)
      }
      if let live { store.show(live, role) }
      for work in held {
        switch work {
        case .intent(let intent): store.handleIntent(intent, role)
        case .result(let result, let origin):
          if !store.drainer.isClosed { store.reduce(result, origin: origin, role) }
        case .event(let event, let origin):
          if !store.drainer.isClosed { store.publish(event, origin: origin, role) }
        }
      }
    }
  }

  /// Runs `body` in the store's order, between two of its items (at once on an idle store): so
  /// a travel begins after a whole step, never inside one, and the controller's moves and the
  /// store's work never interleave.
  func perform(
    _ body: @escaping (StoreTimeTravel, Store<F>, borrowing DrainerRole) -> Void
  ) {
    store.submit(.perform { [self] store, role in body(self, store, role) })
  }

  /// Begins travelling at the last step, unless travelling; on the store's drainer (`role`), where
  /// `perform` runs it.
  func begin(_ store: Store<F>, _ role: borrowing DrainerRole) {
    guard travel.withLock({ $0 == nil }) else { return }
    // Between two items the open step is whole: the next activity would open another.
    assembler.finish()
    var timeTravel = TimeTravel(session: session, feature: feature)
    timeTravel.jump(to: timeTravel.stepCount)
    travel.withLock { $0 = timeTravel }
    let (position, count) = (timeTravel.position, timeTravel.stepCount)
    gate.state.withLock {
      $0.live = store.published.latest
      $0.position = position
      $0.stepCount = count
    }
  }

  func move(_ change: @escaping (inout TimeTravel<F>) -> Void) {
    perform { travel, store, role in
      travel.begin(store, role)
      // Only the drainer changes `travel`: `reduce` runs outside its lock.
      guard var current = travel.travel.withLock({ $0 }) else { return }
      change(&current)
      travel.travel.withLock { $0 = current }
      let (position, count) = (current.position, current.stepCount)
      travel.gate.state.withLock {
        $0.position = position
        $0.stepCount = count
      }
      store.show(current.state, role)
    }
  }
}

extension Store {
  /// Publishes `state` and delivers it to every subscriber, with no `reduce` and no middleware:
  /// a time-travelled state, or the live one back.
  func show(_ state: F.State, _ role: borrowing DrainerRole) {
    published.publish(state)
    guard !drainer.isClosed else { return }
    deliver(state, role)
  }
}
