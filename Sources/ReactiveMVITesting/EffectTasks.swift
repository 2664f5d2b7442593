import ReactiveCore
import ReactiveEngine
import ReactiveTesting

/// The async effect tasks one ``TestStore`` started, and which of them wait on a `TestScheduler`:
/// what lets `advanceSettling(by:)` run virtual time only while every such task is suspended.
///
/// How a task is followed: the test store runs each `send` and each scheduler item inside an
/// ``EffectScope`` bound as a task-local value; a `Task` started there (`Effect.task`, `.run`)
/// copies the binding, and so does every task started from inside it. When such a task schedules
/// work on a `TestScheduler` (`try await scheduler.sleep(for:)`), the scheduler tells this object
/// that the task is parked until that item runs. A scope is released when its binding ends and
/// every task holding it has finished, which tells that its tasks are done.
///
/// The rule it checks: every live scope has a parked task, and no task woken by a scheduler item
/// is still on its way to its next sleep. A task that waits on something else (the network, a
/// stream fed by the test) is never parked: use `await receive(_:timeout:)` for it.
///
/// Thread safety: all state is behind one lock; waiters are resumed outside it.
final class EffectTasks: Sendable {
  private struct Scope {
    /// Live scheduled items per task (by the task's hash).
    var parked: [Int: Int] = [:]
    /// Tasks whose item ran: they are running until they schedule again or their scope ends.
    var woken: Set<Int> = []
  }

  private struct State {
    var scopes: [ObjectIdentifier: Scope] = [:]
    var version = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Locked(State())

  /// Whether every live scope's tasks are parked on the scheduler (or finished).
  var isSettled: Bool {
    state.withLock { state in
      state.scopes.values.allSatisfy { !$0.parked.isEmpty && $0.woken.isEmpty }
    }
  }

  /// A short account of what is not settled, for failure messages.
  var unsettledDescription: String {
    state.withLock { state in
      let running = state.scopes.values.filter { $0.parked.isEmpty }.count
      let woken = state.scopes.values.reduce(0) { $0 + $1.woken.count }
      var parts: [String] = []
      if running > 0 {
        parts.append("\(running) effect task group(s) never slept on the TestScheduler")
      }
      if woken > 0 { parts.append("\(woken) woken task(s) neither slept again nor finished") }
      return parts.joined(separator: ", ")
    }
  }

  func scopeStarted(_ id: ObjectIdentifier) {
    change { $0.scopes[id] = Scope() }
  }

  func scopeEnded(_ id: ObjectIdentifier) {
    change { $0.scopes[id] = nil }
  }

  func parked(scope: ObjectIdentifier, task: Int) {
    change { state in
      state.scopes[scope]?.parked[task, default: 0] += 1
      state.scopes[scope]?.woken.remove(task)
    }
  }

  /// The item a task scheduled ran (`ran`) or was disposed before running.
  func itemDone(scope: ObjectIdentifier, task: Int, ran: Bool) {
    change { state in
      guard var entry = state.scopes[scope] else { return }
      if let count = entry.parked[task] { entry.parked[task] = count > 1 ? count - 1 : nil }
      if ran { entry.woken.insert(task) }
      state.scopes[scope] = entry
    }
  }

  private func change(_ body: (inout State) -> Void) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      body(&state)
      state.version += 1
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits, without polling, until the tasks are settled or `deadline` passes; returns whether
  /// they settled.
  func waitUntilSettled(deadline: ContinuousClock.Instant) async -> Bool {
    while true {
      let version = state.withLock { $0.version }
      if isSettled { return true }
      if ContinuousClock.now >= deadline { return false }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await self.changed(since: version) }
        group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
        await group.next()
        group.cancelAll()
      }
    }
  }

  /// Returns once the state changed after `version` (at once if it already has), or when the
  /// calling task is cancelled.
  private func changed(since version: Int) async {
    let id = state.withLock { state -> Int in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state -> Bool in
          if state.version != version || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume()
    }
  }
}

/// One `send` or scheduler item of a ``TestStore``, bound as a task-local value while it runs so
/// that the tasks it starts can be followed (see ``EffectTasks``).
final class EffectScope: SchedulingScope {
  let tasks: EffectTasks
  /// The task that drives the test store (nil outside a task): what it schedules is not an
  /// effect task's sleep.
  let driver: Int?

  init(tasks: EffectTasks) {
    self.tasks = tasks
    self.driver = withUnsafeCurrentTask { $0?.hashValue }
    tasks.scopeStarted(ObjectIdentifier(self))
  }

  deinit { tasks.scopeEnded(ObjectIdentifier(self)) }

  /// Runs `body` with this scope bound.
  func run<T>(_ body: () throws -> T) rethrows -> T {
    try SchedulingScopes.$current.withValue(self, operation: body)
  }

  /// The owner of work scheduled now: the current effect task and its scope, when the caller is
  /// an effect task started inside a scope (not the task driving the test).
  func ownerOfScheduledWork() -> (any ScheduledWorkOwner)? {
    guard let task = withUnsafeCurrentTask(body: { $0?.hashValue }), task != driver else {
      return nil
    }
    tasks.parked(scope: ObjectIdentifier(self), task: task)
    return ParkedTask(tasks: tasks, scope: ObjectIdentifier(self), task: task)
  }
}

/// An effect task parked on a `TestScheduler` item, told to its `EffectTasks` when the item runs
/// or is disposed.
private struct ParkedTask: ScheduledWorkOwner {
  let tasks: EffectTasks
  let scope: ObjectIdentifier
  let task: Int

  func itemDone(ran: Bool) { tasks.itemDone(scope: scope, task: task, ran: ran) }
}
