import ReactiveEngine
@_spi(Testing) import ReactiveMVI
import ReactiveTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Testing)
  import Testing
#endif

/// Drives a ``/ReactiveMVI/Store`` step by step and asserts, exhaustively, every state change,
/// every result from effects and every one-off event.
///
/// - ``send(_:assert:fileID:filePath:line:column:)`` sends an intent and asserts the state after
///   it was handled (including results `handle` returned synchronously). Pass a closure that
///   mutates the previous state into the expected one; omit it when the state must not change.
/// - Effects run on whatever schedulers they use: give them a `TestScheduler` and advance it
///   (``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)``, or `scheduler.advanceTo(_:)`); then assert
///   each result they produced with ``receive(_:assert:fileID:filePath:line:column:)``, in order.
/// - Events are asserted with ``receiveEvent(_:fileID:filePath:line:column:)``.
/// - ``finish(fileID:filePath:line:column:)`` fails when results or events were not asserted or
///   effects are still running.
///
/// Sending while results or events are unasserted also fails, and so does a test store released
/// without ``finish(fileID:filePath:line:column:)`` (for what `finish()` would have reported, in
/// exhaustive mode), and a due time that rounds to 0 ticks of the scheduler (say,
/// `.milliseconds(300)` at the default resolution of one second). Each failure names the step
/// (the n-th call on the test store) and the virtual time, is reported through the
/// ``TestStoreReporter`` (by default the running test framework, Swift Testing or XCTest, at the
/// call site), and the test store then carries on from the actual state.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let store = TestStore(initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
///                       scheduler: scheduler)
/// store.send(.start) { $0.isRunning = true }
/// store.advance(by: 10)
/// store.receive(.tick) { $0.seconds = 1 }
/// store.send(.stop) { $0.isRunning = false }
/// store.finish()
/// ```
///
/// Effects that run in a `Task` (``/ReactiveMVI/Effect/task(priority:_:)``) and sleep on the
/// scheduler (`try await scheduler.sleep(for:)`) run on virtual time with
/// ``advanceSettling(by:timeout:fileID:filePath:line:column:)``: it waits until every such task
/// has reached its next sleep (or finished) before it moves the clock, and again after each item
/// it runs. Effects that wait on real time use the `async` forms
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
/// ``finish(timeout:fileID:filePath:line:column:)``, which wait up to `timeout` for the result.
///
/// Thread safety: drive a test store from one task or thread at a time.
public final class TestStore<F: Feature> where F.State: Equatable {
  /// The store under test. Send intents through the test store, not directly.
  public let store: Store<F>
  /// The scheduler ``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)`` moves, if any.
  public let scheduler: TestScheduler?
  let reporter: TestStoreReporter
  let log = Locked<[StoreActivity<F>]>([])
  /// Where `send` waits for its intent to be logged (`Parking`); the recorder wakes it.
  private let intentLogged: UnsafeRawPointer
  /// The state as asserted so far.
  public private(set) var state: F.State
  /// The store's real state now: what the store under test holds, with changes the test has not
  /// asserted yet (``state`` is the state as asserted so far).
  public var currentState: F.State { store.state }
  /// Which intent or result started the effects from a start number on, in order (see
  /// `Store.startedEffectCount`): what names a still-running effect in failures.
  let effectOrigins = Locked<[(firstEffect: Int, origin: String)]>([])
  /// How strictly the test store checks (default ``Exhaustivity/on``).
  public var exhaustivity: Exhaustivity = .on
  var steps: [Step] = []
  var events: [F.Event] = []
  /// The effect tasks this test store started (see ``advanceSettling(by:timeout:fileID:filePath:line:column:)``).
  let effectTasks = EffectTasks()
  /// Where the test store was created: where a release without `finish()` is reported.
  let creation: TestStoreLocation
  var isFinished = false
  var reportedZeroTicks = false
  /// The number of calls on the test store so far, and the current one, for failure messages.
  var stepNumber = 0
  var stepName = "init"

  enum Origin {
    case intent(F.Intent)
    case result(F.Result)
  }

  struct Step {
    var origin: Origin
    var states: [F.State] = []

    var isIntent: Bool {
      if case .intent = origin { return true }
      return false
    }
  }

  /// Creates a test store around a fresh ``/ReactiveMVI/Store``.
  ///
  /// - Parameters:
  ///   - initialState: the state the store starts in.
  ///   - feature: the feature under test.
  ///   - middleware: extra middleware for the store under test (after the test store's own).
  ///   - scheduler: the virtual clock ``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)`` moves (the one
  ///     the feature's effects use).
  ///   - reporter: where failures go (default: the running test framework, Swift Testing or
  ///     XCTest).
  ///   - fileID: where the test store was created, for failures that name no other place
  ///     (defaults to the caller's).
  ///   - filePath: the same, as a path.
  ///   - line: the same, its line.
  ///   - column: the same, its column.
  public init(
    initialState: F.State, feature: F, middleware: [Middleware<F>] = [],
    scheduler: TestScheduler? = nil, reporter: TestStoreReporter = .default,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.creation = TestStoreLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let log = self.log
    let origins = effectOrigins
    let storeBox = WeakStore<F>()
    let intentLogged = UnsafeRawPointer(Unmanaged.passUnretained(storeBox).toOpaque())
    self.intentLogged = intentLogged
    let recorder = Middleware<F> { activity, _ in
      log.withLock { $0.append(activity) }
      if case .intent = activity { Parking.unpark(intentLogged) }
      // Effects started from here on, up to the next intent or result, are this one's.
      // A result `handle` returned comes before the rest of the intent's effect: the effects
      // from here on are the intent's or that result's `effect(after:)`.
      guard let first = storeBox.store?.startedEffectCount else { return }
      origins.withLock { origins in
        switch activity {
        case .intent(let intent): origins.append((first, "intent \(intent)"))
        case .result(let result, .intent):
          let intent = origins.last?.origin.split(separator: " (").first ?? "an intent"
          origins.append((first, "\(intent) (or its result \(result))"))
        case .result(let result, .effect): origins.append((first, "result \(result)"))
        case .stateChanged, .event, .effectFailed: break
        }
      }
    }
    self.store = Store(
      initialState: initialState, feature: feature, middleware: [recorder] + middleware)
    storeBox.store = store
    self.scheduler = scheduler
    self.reporter = reporter
    self.state = initialState
  }

  deinit {
    if !isFinished && exhaustivity == .on {
      begin("release without finish()")
      checkFinished(creation, prefix: "released without finish(): ")
    }
    store.dispose()
  }

  // MARK: Asserting

  /// Sends `intent` and asserts the state after it was handled: `assert` turns the previous state
  /// into the expected one (omit it when the state must not change).
  public func send(
    _ intent: F.Intent, assert: ((inout F.State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("send(\(intent))")
    defer { checkResolution(location) }
    collect(location)
    if !steps.isEmpty {
      skipOrFail("must receive \(describeSteps(steps)) before sending \(intent)", location)
      state = steps.last?.states.last ?? state
      steps.removeAll()
    }
    if !events.isEmpty {
      skipOrFail("must receive events \(events) before sending \(intent)", location)
      events.removeAll()
    }
    EffectScope(tasks: effectTasks).run { store.send(intent) }
    // Normally handled before `send` returns; when an effect's thread is draining the store at
    // that moment, the intent is handled there: wait for the recorder to log it. The deadline
    // only catches a store that never handles it, so it is generous (a loaded machine under a
    // sanitizer can keep the draining thread off the CPU for seconds).
    let deadline = ContinuousClock.now + .seconds(300)
    while true {
      collect(location)
      if steps.contains(where: \.isIntent) || ContinuousClock.now >= deadline { break }
      Parking.park(on: intentLogged, until: deadline) {
        !log.withLock { $0.contains { if case .intent = $0 { true } else { false } } }
      }
    }
    // Handled on another thread, the intent's step may be logged half-way.
    waitForStoreTurn(until: deadline, location)
    collect(location)
    guard let index = steps.firstIndex(where: \.isIntent) else {
      fail("sent \(intent) but the store did not handle it", location)
      return
    }
    if index > 0 {
      skipOrFail(
        "must receive \(describeSteps(Array(steps[..<index]))) before sending \(intent)", location)
      state = steps[index - 1].states.last ?? state
      steps.removeFirst(index)
    }
    check(steps.removeFirst(), assert: assert, what: "\(intent)", location)
  }

  /// Asserts that the next result from an effect is `expected` and the state it produced.
  public func receive(
    _ expected: F.Result, assert: ((inout F.State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where F.Result: Equatable {
    receive(
      matching: { $0 == expected }, description: "\(expected)", assert: assert,
      location: TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next result from an effect satisfies `predicate` and the state it produced.
  public func receive(
    matching predicate: (F.Result) -> Bool, assert: ((inout F.State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    receive(
      matching: predicate, description: "a matching result", assert: assert,
      location: TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits up to `timeout` (real time) for the next result from an effect, then asserts it like
  /// ``receive(_:assert:fileID:filePath:line:column:)``. For effects that run in a `Task`.
  public func receive(
    _ expected: F.Result, timeout: Duration, assert: ((inout F.State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where F.Result: Equatable {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitForResult(matching: { $0 == expected }, timeout: timeout, location)
    receive(
      matching: { $0 == expected }, description: "\(expected)", assert: assert, location: location)
  }

  /// Asserts that the next unasserted one-off event is `expected`.
  public func receiveEvent(
    _ expected: F.Event,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where F.Event: Equatable {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    receiveEvent(matching: { $0 == expected }, description: "\(expected)", location: location)
  }

  /// Asserts that the next unasserted one-off event satisfies `predicate` (no `Equatable`
  /// needed).
  public func receiveEvent(
    matching predicate: (F.Event) -> Bool,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    receiveEvent(matching: predicate, description: "a matching event", location: location)
  }

  /// Waits up to `timeout` (real time, a safety net) for an event from an async effect (`.run`,
  /// `.task`), then asserts it like ``receiveEvent(_:fileID:filePath:line:column:)``.
  public func receiveEvent(
    _ expected: F.Event, timeout: Duration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where F.Event: Equatable {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitUntil(timeout: timeout, location) { [self] in
      collect(location)
      return events.contains(where: { $0 == expected })
        || (exhaustivity == .on && !events.isEmpty)
    }
    receiveEvent(matching: { $0 == expected }, description: "\(expected)", location: location)
  }

  /// Waits up to `timeout` (real time, a safety net) for the next result from an async effect,
  /// then asserts it like ``receive(matching:assert:fileID:filePath:line:column:)``.
  public func receive(
    matching predicate: @escaping (F.Result) -> Bool, timeout: Duration,
    assert: ((inout F.State) -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitForResult(matching: predicate, timeout: timeout, location)
    receive(
      matching: predicate, description: "a matching result", assert: assert, location: location)
  }

  /// Waits up to `timeout` (real time, a safety net) until no effect is running, then collects
  /// what they produced, for the `receive` calls that follow. Unlike ``finish(timeout:fileID:filePath:line:column:)``
  /// it does not end the test.
  public func finishEffects(
    timeout: Duration = .seconds(300),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitUntil(timeout: timeout, location) { [store] in store.runningEffectCount == 0 }
    if store.runningEffectCount > 0 {
      fail("\(store.runningEffectCount) effect(s) still running after \(timeout)", location)
    }
    collect(location)
  }

  /// Moves the scheduler given at creation forward by `ticks`, running what falls due.
  ///
  /// It does not wait for effect tasks (`Effect.task`, `.run`); for tasks that sleep on the
  /// scheduler, use ``advanceSettling(by:timeout:fileID:filePath:line:column:)``.
  public func advance(
    by ticks: TestTime = 1,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("advance(by: \(ticks))")
    defer { checkResolution(location) }
    guard let scheduler else {
      fail("advance(by:) needs the scheduler passed to TestStore(…, scheduler:)", location)
      return
    }
    EffectScope(tasks: effectTasks).run { scheduler.advanceTo(scheduler.clock + ticks) }
  }

  /// Moves the scheduler given at creation forward by `interval` (`.milliseconds(300)`), converted
  /// to ticks at the scheduler's resolution; fails when `interval` is not a whole positive number
  /// of ticks rounded to 0 (create the scheduler with a finer resolution), or `.never`.
  public func advance(
    by interval: RxTimeInterval,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let scheduler else {
      begin("advance(by: \(interval))")
      fail("advance(by:) needs the scheduler passed to TestStore(…, scheduler:)", location)
      return
    }
    guard let ticks = scheduler.ticks(interval), ticks > 0 || interval.isZero else {
      begin("advance(by: \(interval))")
      fail(
        "advance(by: \(interval)) is 0 ticks (or never) at the scheduler's resolution of"
          + " \(scheduler.resolution) s: create the scheduler with a finer resolution", location)
      return
    }
    advance(by: ticks, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves the scheduler forward by `ticks` like ``advance(by:fileID:filePath:line:column:)-(TestTime,_,_,_,_)``, but
  /// first waits until every effect task this test store started has reached its next suspension
  /// on the scheduler (`try await scheduler.sleep(for:)`) or finished, and waits again after each
  /// item it runs. So an async effect sleeping on virtual time behaves like an observable one:
  /// after `store.send(.start)` of an `Effect.run` that sleeps a second before each tick,
  /// `await store.advanceSettling(by: 3)` leaves three ticks to receive (Docs/Testing.md shows
  /// the whole test).
  ///
  /// The wait is driven by the tasks themselves (a task is followed from the `send` or scheduler
  /// item that started it, through a task-local value); `timeout` (real time) is only a safety
  /// net, after which the step fails naming what never settled. A task that waits on something
  /// other than the scheduler (real I/O, a stream the test feeds) never settles: use
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)`` for it. When one intent starts
  /// several tasks, the wait ends once one of them sleeps on the scheduler.
  public func advanceSettling(
    by ticks: TestTime = 1, timeout: Duration = .seconds(300),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("advanceSettling(by: \(ticks))")
    defer { checkResolution(location) }
    guard let scheduler else {
      fail("advanceSettling(by:) needs the scheduler passed to TestStore(…, scheduler:)", location)
      return
    }
    let target = scheduler.clock + ticks
    let deadline = ContinuousClock.now + timeout
    guard await settle(deadline: deadline, timeout: timeout, location) else { return }
    while EffectScope(tasks: effectTasks).run({ scheduler.runNext(upTo: target) }) {
      guard await settle(deadline: deadline, timeout: timeout, location) else { return }
    }
    scheduler.advanceTo(target)
  }

  /// Waits until every effect task this test store started is suspended on the scheduler or
  /// finished (see ``advanceSettling(by:timeout:fileID:filePath:line:column:)``), then collects
  /// what they produced, without moving the clock.
  public func settle(
    timeout: Duration = .seconds(300),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("settle()")
    _ = await settle(deadline: ContinuousClock.now + timeout, timeout: timeout, location)
  }

  func settle(
    deadline: ContinuousClock.Instant, timeout: Duration, _ location: TestStoreLocation
  ) async -> Bool {
    if await effectTasks.waitUntilSettled(deadline: deadline) { return true }
    fail(
      "effect tasks did not reach a sleep on the TestScheduler or finish within \(timeout): "
        + effectTasks.unsettledDescription
        + " (for a task that waits on real time, use await receive(_:timeout:))", location)
    return false
  }

  /// Ends the test: fails for every unasserted result or event and for effects still running,
  /// then disposes the store.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    begin("finish()")
    checkResolution(location)
    checkFinished(location, prefix: "")
    store.dispose()
  }

  /// What `finish()` checks; marks the test store finished.
  func checkFinished(_ location: TestStoreLocation, prefix: String) {
    isFinished = true
    collect(location)
    if !steps.isEmpty {
      skipOrFail(prefix + "unasserted results: \(describeSteps(steps))", location)
      steps.removeAll()
    }
    if !events.isEmpty {
      skipOrFail(prefix + "unasserted events: \(events)", location)
      events.removeAll()
    }
    let running = store.runningEffectCount
    if running > 0 {
      skipOrFail(
        prefix + "\(running) effect(s) still running at the end of the test: "
          + describeRunningEffects()
          + (scheduler == nil
            ? " (an effect in a Task, such as Effect.task, may end just after its last result:"
              + " await store.finish(timeout:) waits for it)" : ""),
        location)
    }
  }

  /// Each running effect: what started it, its id (inside a child or row, the scoped id names
  /// it), and when it next falls due on the test scheduler (its earliest pending item: one its
  /// subscription scheduled, or one scheduled by an item of it that ran).
  func describeRunningEffects() -> String {
    let origins = effectOrigins.withLock { $0 }
    let dueTimes = scheduler?.nextDueTimes(ofEffectsOf: ObjectIdentifier(store)) ?? [:]
    return store.runningEffectIDs.map { effect -> String in
      let origin = origins.last { $0.firstEffect <= effect.number }?.origin ?? "an unknown step"
      let id = effect.id.map { ", id \($0)" } ?? ""
      return "effect #\(effect.number) started by \(origin)\(id)"
        + describeDueTime(dueTimes[effect.number])
    }.joined(separator: "; ")
  }

  /// When an effect next falls due (`due`, its earliest pending item), for the still-running
  /// message; empty without a test scheduler.
  private func describeDueTime(_ due: TestTime?) -> String {
    guard let scheduler else { return "" }
    if let due {
      return ", next due at virtual time \(due) (now \(scheduler.clock); advance by"
        + " \(due - scheduler.clock) tick(s) of \(scheduler.resolution) s)"
    }
    if let next = scheduler.nextDueTime {
      return ", nothing it scheduled is pending on the TestScheduler (work scheduled from an"
        + " async task is not traced; the scheduler's next item is due at virtual time \(next))"
    }
    return ", nothing is scheduled on the TestScheduler (the effect waits on something else, or"
      + " a Single delayed with `delay` completes one tick after its value)"
  }

  /// Waits up to `timeout` (real time) for running effects to finish, then ``finish(fileID:filePath:line:column:)``.
  public func finish(
    timeout: Duration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await waitUntil(timeout: timeout, location) { [store] in store.runningEffectCount == 0 }
    finish(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: Internals

  func receive(
    matching predicate: (F.Result) -> Bool, description: String,
    assert: ((inout F.State) -> Void)?, location: TestStoreLocation
  ) {
    begin("receive(\(description))")
    defer { checkResolution(location) }
    collect(location)
    if exhaustivity != .on {
      // Skip what the test does not assert, up to the first matching result.
      while let first = steps.first {
        if case .result(let result) = first.origin, predicate(result) { break }
        skipOrFail("skipped \(describeSteps([first])) while receiving \(description)", location)
        state = first.states.last ?? state
        steps.removeFirst()
      }
    }
    guard !steps.isEmpty else {
      let running = store.runningEffectCount
      fail(
        "expected to receive \(description), but no result arrived"
          + (running == 0
            ? ""
            : "; \(running) effect(s) still running: for a result that arrives later (an"
              + " Effect.task or .run), await store.receive(_:timeout:), or await"
              + " store.advanceSettling(by:) first when it sleeps on the scheduler"),
        location)
      return
    }
    let step = steps.removeFirst()
    guard case .result(let result) = step.origin else {
      fail(
        "expected to receive \(description), but the next step is \(describeSteps([step]))",
        location)
      state = step.states.last ?? state
      return
    }
    if !predicate(result) {
      fail("expected to receive \(description), received \(result)", location)
    }
    check(step, assert: assert, what: "\(result)", location)
  }

  func check(
    _ step: Step, assert: ((inout F.State) -> Void)?, what: String,
    _ location: TestStoreLocation
  ) {
    let actual = step.states.last ?? state
    if exhaustivity != .on {
      // Only what the assertion sets is checked: apply it to the actual state.
      var expected = actual
      assert?(&expected)
      if expected != actual {
        fail(
          "state after \(what) differs from the expected state:\n\(describeDifference(expected: expected, actual: actual))",
          location)
      }
      state = actual
      return
    }
    var expected = state
    if let assert {
      assert(&expected)
    } else if actual != state {
      fail(
        "state changed after \(what) but no assertion was given (expected: unchanged):\n\(describeDifference(expected: state, actual: actual))",
        location)
      state = actual
      return
    }
    if expected != actual {
      fail(
        "state after \(what) differs from the expected state:\n\(describeDifference(expected: expected, actual: actual))",
        location)
    }
    state = actual
  }

  /// Moves recorded activities into `steps` and `events`.
  func collect(_ location: TestStoreLocation?) {
    let activities = log.withLock { log -> [StoreActivity<F>] in
      defer { log.removeAll() }
      return log
    }
    for activity in activities {
      switch activity {
      case .intent(let intent):
        steps.append(Step(origin: .intent(intent)))
      case .result(let result, let origin):
        if origin == .effect { steps.append(Step(origin: .result(result))) }
      case .stateChanged(_, let new):
        if steps.isEmpty {
          fail("internal: state change outside a step", location)
        } else {
          steps[steps.count - 1].states.append(new)
        }
      case .event(let event, _):
        events.append(event)
      case .effectFailed(let error):
        fail("an effect failed and no mapping turned the error into a result: \(error)", location)
      }
    }
  }

  func describeSteps(_ steps: [Step]) -> String {
    steps.map { step in
      switch step.origin {
      case .intent(let intent): return "intent \(intent)"
      case .result(let result): return "result \(result)"
      }
    }.joined(separator: ", ")
  }

  /// Starts a step: the n-th call on the test store, named in failure messages.
  func begin(_ name: String) {
    stepNumber += 1
    stepName = name
  }

  func fail(_ message: String, _ location: TestStoreLocation?) {
    var context = "step \(stepNumber), \(stepName)"
    if let scheduler { context += ", virtual time \(scheduler.clock)" }
    reporter.report("TestStore (\(context)): " + message, location)
  }

  /// Fails, once per test store, when a due time on the scheduler rounded to 0 ticks: the delay
  /// was not exercised, so the test cannot pass for the right reason.
  func checkResolution(_ location: TestStoreLocation) {
    guard !reportedZeroTicks, let scheduler, let seconds = scheduler.zeroTickDueTime else { return }
    reportedZeroTicks = true
    var resolution = 0.001
    while seconds / resolution < 1 && resolution > 1e-9 { resolution /= 1000 }
    fail(
      "a due time of \(seconds) s is 0 ticks at the scheduler's resolution of"
        + " \(scheduler.resolution) s, so it ran at the next tick instead of after its delay;"
        + " create the scheduler with TestScheduler(initialClock: 0, resolution: \(resolution))",
      location)
  }

  /// A failure in exhaustive mode; in non-exhaustive mode nothing, or a note when asked for.
  func skipOrFail(_ message: String, _ location: TestStoreLocation?) {
    switch exhaustivity {
    case .on: fail(message, location)
    case .off(let showSkipped): if showSkipped { print("TestStore (non-exhaustive): \(message)") }
    }
  }

  func receiveEvent(
    matching predicate: (F.Event) -> Bool, description: String, location: TestStoreLocation
  ) {
    begin("receiveEvent(\(description))")
    collect(location)
    if exhaustivity != .on {
      while let first = events.first, !predicate(first) {
        skipOrFail("skipped event \(first) while receiving \(description)", location)
        events.removeFirst()
      }
    }
    guard !events.isEmpty else {
      fail("expected event \(description), but no event was published", location)
      return
    }
    let event = events.removeFirst()
    if !predicate(event) { fail("expected event \(description), received \(event)", location) }
  }

  /// Waits for a result: the next one (exhaustive), or one matching `predicate` (non-exhaustive).
  func waitForResult(
    matching predicate: @escaping (F.Result) -> Bool, timeout: Duration,
    _ location: TestStoreLocation
  ) async {
    await waitUntil(timeout: timeout, location) { [self] in
      collect(location)
      if exhaustivity == .on { return !steps.isEmpty }
      return steps.contains { step in
        if case .result(let result) = step.origin { return predicate(result) }
        return false
      }
    }
  }

  /// Waits until `condition()` holds, or `timeout` (a safety net) has passed, then until the
  /// store's turn has ended: what the condition saw (a result logged on an effect's thread) may be
  /// an item the store is still handling, whose state change is logged next.
  func waitUntil(
    timeout: Duration, _ location: TestStoreLocation, _ condition: () -> Bool
  ) async {
    let deadline = ContinuousClock.now + timeout
    while !condition() && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    waitForStoreTurn(until: deadline, location)
  }

  /// Waits until the store has handled every item queued so far (see
  /// `Store.waitForQueuedWork(until:)`), so that each step collected after this is whole.
  func waitForStoreTurn(until deadline: ContinuousClock.Instant, _ location: TestStoreLocation) {
    if !store.waitForQueuedWork(until: max(deadline, ContinuousClock.now + .seconds(10))) {
      fail("the store was still handling an item at the deadline", location)
    }
  }
}

/// How strictly a ``TestStore`` checks.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, result, event and running effect must be asserted (the default).
  case on
  /// Only what the test asserts is checked (TCA's non-exhaustive mode, for integration tests of
  /// large features): a `send`/`receive` assertion is applied to the *actual* new state and must
  /// hold; results and events the test does not receive are skipped; effects still running at
  /// ``TestStore/finish(fileID:filePath:line:column:)`` are cancelled without a failure. With
  /// `showSkippedAssertions`, each skipped item is printed.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, silently.
  public static var off: Exhaustivity { .off(showSkippedAssertions: false) }
}

/// The store a test store's recorder reads from: set once the store exists.
private final class WeakStore<F: Feature>: @unchecked Sendable {
  // Set once, in `TestStore.init`, before the store handles anything.
  weak var store: Store<F>?
}

extension RxTimeInterval {
  /// Whether this is an interval of zero length.
  fileprivate var isZero: Bool {
    switch self {
    case .seconds(0), .milliseconds(0), .microseconds(0), .nanoseconds(0): true
    default: false
    }
  }
}
