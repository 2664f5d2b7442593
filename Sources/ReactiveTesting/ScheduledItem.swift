import ReactiveCore

/// Who scheduled an item on a `TestScheduler`: told once, when the item runs or is disposed before
/// running. How `TestStore` (ReactiveMVITesting) follows the effect tasks that sleep on the
/// scheduler.
package protocol ScheduledWorkOwner: Sendable {
  /// The item ran (`ran`), or was disposed before running.
  func itemDone(ran: Bool)
}

/// The code running now that wants to own what it schedules on a `TestScheduler`.
package protocol SchedulingScope: Sendable {
  /// Called on the thread that schedules an item: the owner to tell about it, or nil.
  func ownerOfScheduledWork() -> (any ScheduledWorkOwner)?
}

/// The `SchedulingScope` bound now: a task-local value, inherited by the tasks started inside it.
package enum SchedulingScopes {
  /// The scope of the code running now.
  @TaskLocal package static var current: (any SchedulingScope)?
}

/// One piece of work in a `TestScheduler`'s queue, ordered by `(time, sequence)`.
final class ScheduledItem: Cancelable, Sendable {  // mutable state is behind `state`
  let time: TestTime
  let sequence: Int
  /// Who scheduled this item, told when it runs or is disposed before running.
  let owner: (any ScheduledWorkOwner)?
  /// The work (a store's effect) that was being started or run when this item was scheduled:
  /// current again while it runs, so what it schedules inherits it.
  let work: WorkAttribution?

  // `action` is not Sendable, but it only ever runs on the thread that drives the scheduler; the
  // mutex hands it over and clears it on disposal so that what it captures is released early.
  private struct State {
    var action: (() -> Disposable)?
    var result: Disposable?
    var isDisposed = false
  }
  private let state: Locked<State>

  init(
    time: TestTime, sequence: Int, owner: (any ScheduledWorkOwner)? = nil,
    work: WorkAttribution? = nil,
    action: @escaping () -> Disposable
  ) {
    self.time = time
    self.sequence = sequence
    self.owner = owner
    self.work = work
    self.state = Locked(State(action: action))
  }

  var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// Runs the action (unless disposed) with no lock held, keeping the disposable it returns.
  func invoke() {
    guard let action = state.withLock({ state in state.action.take() }) else { return }
    owner?.itemDone(ran: true)
    let result = WorkAttribution.withCurrent(work, action)
    let disposeNow = state.withLock { state -> Bool in
      if state.isDisposed { return true }
      state.result = result
      return false
    }
    if disposeNow { result.dispose() }
  }

  func dispose() {
    let (action, result): ((() -> Disposable)?, Disposable?) = state.withLock { state in
      if state.isDisposed { return (nil, nil) }
      state.isDisposed = true
      return (state.action.take(), state.result.take())
    }
    if action != nil { owner?.itemDone(ran: false) }
    withExtendedLifetime(action) {}  // released here, outside the lock
    result?.dispose()
  }

  func precedes(_ other: ScheduledItem) -> Bool {
    time != other.time ? time < other.time : sequence < other.sequence
  }
}

/// A binary min-heap of scheduled items ordered by `(time, sequence)`: ties run first in, first out.
struct ItemHeap {
  private var items: [ScheduledItem] = []

  var isEmpty: Bool { items.isEmpty }
  var first: ScheduledItem? { items.first }
  /// The items not disposed yet.
  var liveCount: Int { items.count(where: { !$0.isDisposed }) }
  /// The time of the earliest item not disposed yet.
  var nextLiveTime: TestTime? { items.lazy.filter { !$0.isDisposed }.map(\.time).min() }
  /// The time of the earliest item not disposed yet of each unit of work of `owner`.
  func nextLiveTimes(ofWorkOf owner: UInt) -> [Int: TestTime] {
    var times: [Int: TestTime] = [:]
    for item in items where !item.isDisposed {
      guard let work = item.work, work.owner == owner else { continue }
      times[work.key] = min(times[work.key] ?? item.time, item.time)
    }
    return times
  }

  /// - Complexity: O(log n).
  mutating func insert(_ item: ScheduledItem) {
    items.append(item)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].precedes(items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  /// - Complexity: O(log n).
  mutating func popFirst() -> ScheduledItem? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let first = items.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < items.count && items[left].precedes(items[smallest]) { smallest = left }
      if right < items.count && items[right].precedes(items[smallest]) { smallest = right }
      if smallest == parent { break }
      items.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
