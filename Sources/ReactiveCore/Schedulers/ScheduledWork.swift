import Dispatch
import Synchronization

/// The run/dispose arbitration of scheduled work: a `DisposeBarrier` (one barrier for the whole
/// library, see there for what `close()` waits for), with the payload release folded into
/// `leave()` / `close()` results.
@usableFromInline
struct RunGate: ~Copyable, Sendable {
  @usableFromInline let barrier = DisposeBarrier()

  @usableFromInline init() {}

  @usableFromInline var isDisposed: Bool { barrier.isClosed }

  /// Starts a run: `false` when disposed (do not run).
  @usableFromInline func enter() -> Bool { barrier.enter() }

  /// Ends a run. Returns `true` when the runner must release the payload (the work was disposed
  /// during this run by a `dispose()` that did not wait).
  @usableFromInline func leave() -> Bool { barrier.leave() }

  /// Marks the work disposed. Returns `true` when the caller must release the payload now (it was
  /// not running, or it was running on another thread and has finished); `false` when already
  /// disposed or when the runner releases it on `leave()`.
  @usableFromInline func close() -> Bool {
    var old = 0
    switch barrier.close(old: &old) {
    case .alreadyClosed: return false
    case .releaseNow: return true
    case .runnerReleases: return barrier.deferRelease()
    }
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
