import Dispatch
import ReactiveEngine
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

/// What scheduled work runs and keeps alive: the state, the action, the resource token and the
/// resource scope of the code that scheduled it. It is touched only by whoever the work's
/// `RunGate` designates (the runner inside `enter()`/`leave()`, or the releaser), and released
/// once: as soon as the work has run for the last time or is disposed, even if the queue still
/// holds the (then empty) work item.
struct ScheduledPayload<State, Result>: ~Copyable {
  var state: State?
  var action: ((State) -> Result)?
  var token: ResourceToken? = ResourceToken()
  /// Resources created by the action are charged to the scheduling test or task.
  let scope: ResourceScope?

  init(_ state: State, action: @escaping (State) -> Result) {
    self.state = state
    self.action = action
    self.scope = Resources.currentScope
  }

  /// Runs the action inside the scheduling scope; `nil` once released.
  func run() -> Result? {
    guard let action, let state else { return nil }
    return withScope(scope) { action(state) }
  }

  /// Empties the payload and returns the state and action it held, for the caller to drop once
  /// the payload is consistent again (user `deinit` code may run then).
  mutating func take() -> (State?, ((State) -> Result)?) {
    token = nil
    defer {
      state = nil
      action = nil
    }
    return (state, action)
  }
}

/// One scheduled action (`schedule` / `scheduleRelative`): runs at most once, never after
/// `dispose()` returns (unless disposed from inside itself), and disposes the disposable the action
/// returned when disposed. Its payload (see `ScheduledPayload`) is released as soon as the action
/// has run or the work is disposed.
final class ScheduledAction<State>: Cancelable, @unchecked Sendable {
  // `payload` is touched only by whoever the `gate` designates. `result` is thread-safe. `timer`
  // is immutable.
  let gate = RunGate()
  @exclusivity(unchecked) var payload: ScheduledPayload<State, Disposable>
  let result = SingleAssignmentDisposable()
  /// A timer that fires this action; cancelled when the action has run or is disposed.
  let timer: (any DispatchSourceTimer)?

  init(
    _ state: State, action: @escaping (State) -> Disposable,
    timer: (any DispatchSourceTimer)? = nil
  ) {
    self.payload = ScheduledPayload(state, action: action)
    self.timer = timer
  }

  var isDisposed: Bool { gate.isDisposed }

  /// Runs the action (once), unless disposed.
  func run() {
    guard gate.enter() else { return }
    guard let disposable = payload.run() else {
      _ = gate.leave()
      return
    }
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
    _ = payload.take()
  }
}

/// Periodic work (`schedulePeriodic`): each tick passes the state the previous tick returned.
/// Nothing runs once `dispose()` has returned (unless disposed from inside a tick).
final class PeriodicAction<State>: Cancelable, @unchecked Sendable {
  // Same discipline as `ScheduledAction`: `payload` is touched only by the runner designated by
  // `gate`. Ticks are serial (a dispatch source never runs its handler concurrently).
  let gate = RunGate()
  @exclusivity(unchecked) var payload: ScheduledPayload<State, State>
  let timer: any DispatchSourceTimer

  init(_ state: State, action: @escaping (State) -> State, timer: any DispatchSourceTimer) {
    self.payload = ScheduledPayload(state, action: action)
    self.timer = timer
  }

  var isDisposed: Bool { gate.isDisposed }

  func tick() {
    guard gate.enter() else { return }
    if let next = payload.run() { payload.state = next }
    if gate.leave() { releasePayload() }
  }

  func dispose() {
    if gate.close() { releasePayload() }
    timer.cancel()
  }

  func releasePayload() {
    _ = payload.take()
  }
}

/// Runs `body` charging new resources to `scope` (when there is one).
func withScope<T>(_ scope: ResourceScope?, _ body: () -> T) -> T {
  guard let scope else { return body() }
  return Resources.$scope.withValue(scope) { body() }
}
