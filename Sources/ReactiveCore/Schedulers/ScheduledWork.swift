import Dispatch
import Synchronization

/// The run/dispose arbitration shared by scheduled work: a run may start only while not disposed,
/// and a `dispose()` from another thread waits for a run in progress (a barrier), while a
/// `dispose()` from inside the run itself does not wait.
///
/// Whoever observes "disposed and not running" releases the work's payload: `close()` when nothing
/// runs or after waiting; the runner on `leave()` when it was disposed from inside its own run.
@usableFromInline
struct RunGate: ~Copyable, Sendable {
  @usableFromInline static var busy: Int { 1 }
  @usableFromInline static var disposed: Int { 2 }
  /// Set by a `dispose()` made from inside the run: the runner releases the payload on leaving.
  @usableFromInline static var releaseOnLeave: Int { 4 }

  @usableFromInline let bits = Atomic<Int>(0)
  /// The thread running the work; written before `busy` is set.
  @usableFromInline let runner = Atomic<UInt>(0)

  @usableFromInline init() {}

  @usableFromInline var isDisposed: Bool { bits.load(ordering: .acquiring) & Self.disposed != 0 }

  /// Starts a run: `false` when disposed (do not run).
  @usableFromInline func enter() -> Bool {
    runner.store(currentThreadID(), ordering: .relaxed)
    var state = bits.load(ordering: .relaxed)
    while true {
      if state & Self.disposed != 0 { return false }
      let (exchanged, current) = bits.compareExchange(
        expected: state, desired: state | Self.busy, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      state = current
    }
  }

  /// Ends a run. Returns `true` when the runner must release the payload (the work was disposed
  /// from inside this run).
  @usableFromInline func leave() -> Bool {
    let old = bits.bitwiseAnd(~Self.busy, ordering: .acquiringAndReleasing).oldValue
    return old & Self.releaseOnLeave != 0
  }

  /// Marks the work disposed. Returns `true` when the caller must release the payload now (it was
  /// not running, or it was running on another thread and has finished); `false` when already
  /// disposed or when called from inside the run (the runner releases on `leave()`).
  @usableFromInline func close() -> Bool {
    let old = bits.bitwiseOr(Self.disposed, ordering: .acquiringAndReleasing).oldValue
    if old & Self.disposed != 0 { return false }
    if old & Self.busy == 0 { return true }
    if runner.load(ordering: .relaxed) == currentThreadID() {
      // Inside our own run (runs never overlap, so a busy gate whose runner is this thread is
      // this very call stack): the runner releases the payload when it leaves.
      bits.bitwiseOr(Self.releaseOnLeave, ordering: .acquiringAndReleasing)
      return false
    }
    var round = 0
    while bits.load(ordering: .acquiring) & Self.busy != 0 {
      yieldThread(round)
      round += 1
    }
    return true
  }
}

/// One scheduled action (`schedule` / `scheduleRelative`): runs at most once, never after
/// `dispose()` returns (unless disposed from inside itself), and disposes the disposable the action
/// returned when disposed.
///
/// It captures the resource scope of the code that scheduled it and runs the action inside that
/// scope, so resources created by the action are charged to the scheduling test or task. Its
/// `ResourceToken` is released as soon as the action has run or the work is disposed, even if the
/// queue still holds the (now empty) work item.
final class ScheduledAction<State>: Cancelable, @unchecked Sendable {
  // `state`, `action` and `token` are written in `init` and then touched only by whoever the
  // `gate` designates (the runner inside `enter()`/`leave()`, or the releaser). `result` is
  // thread-safe. `timer` is immutable.
  let gate = RunGate()
  var state: State?
  var action: ((State) -> Disposable)?
  var token: ResourceToken? = ResourceToken()
  let scope: ResourceScope?
  let result = SingleAssignmentDisposable()
  /// A timer that fires this action; cancelled when the action has run or is disposed.
  let timer: (any DispatchSourceTimer)?

  init(
    _ state: State, action: @escaping (State) -> Disposable,
    timer: (any DispatchSourceTimer)? = nil
  ) {
    self.state = state
    self.action = action
    self.scope = Resources.currentScope
    self.timer = timer
  }

  var isDisposed: Bool { gate.isDisposed }

  /// Runs the action (once), unless disposed.
  func run() {
    guard gate.enter() else { return }
    guard let action, let state else {
      _ = gate.leave()
      return
    }
    let disposable = withScope(scope) { action(state) }
    releasePayload()
    _ = gate.leave()
    timer?.cancel()
    result.setDisposable(disposable)
  }

  func dispose() {
    if gate.close() { releasePayload() }
    timer?.cancel()
    result.dispose()
  }

  func releasePayload() {
    // Move out first so that user deinit code runs after our fields are consistent.
    let action = self.action
    let state = self.state
    self.action = nil
    self.state = nil
    token = nil
    _ = action
    _ = state
  }
}

/// Periodic work (`schedulePeriodic`): each tick passes the state the previous tick returned.
/// Nothing runs once `dispose()` has returned (unless disposed from inside a tick).
final class PeriodicAction<State>: Cancelable, @unchecked Sendable {
  // Same discipline as `ScheduledAction`: the payload is touched only by the runner designated by
  // `gate`. Ticks are serial (a dispatch source never runs its handler concurrently).
  let gate = RunGate()
  var state: State?
  var action: ((State) -> State)?
  var token: ResourceToken? = ResourceToken()
  let scope: ResourceScope?
  let timer: any DispatchSourceTimer

  init(_ state: State, action: @escaping (State) -> State, timer: any DispatchSourceTimer) {
    self.state = state
    self.action = action
    self.scope = Resources.currentScope
    self.timer = timer
  }

  var isDisposed: Bool { gate.isDisposed }

  func tick() {
    guard gate.enter() else { return }
    if let action, let state {
      self.state = withScope(scope) { action(state) }
    }
    if gate.leave() { releasePayload() }
  }

  func dispose() {
    if gate.close() { releasePayload() }
    timer.cancel()
  }

  func releasePayload() {
    let action = self.action
    let state = self.state
    self.action = nil
    self.state = nil
    token = nil
    _ = action
    _ = state
  }
}

/// Runs `body` charging new resources to `scope` (when there is one).
func withScope<T>(_ scope: ResourceScope?, _ body: () -> T) -> T {
  guard let scope else { return body() }
  return Resources.$scope.withValue(scope) { body() }
}
