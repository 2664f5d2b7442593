import ReactiveEngine

/// The queue of a virtual-time scheduler: a binary min-heap of items ordered by due time, where
/// items due at the same time keep the order they were inserted in (first in, first out, as in
/// RxSwift's `VirtualTimeScheduler` and RxTest's `TestScheduler`). Disposed items stay queued
/// until they reach the front, where `popFirstLive(dueBy:)` drops them.
///
/// Thread safety: none; its owner (`VirtualClock`) keeps it behind a lock.
package struct ClockQueue<Time> {
  private struct Entry {
    let item: VirtualClockItem<Time>
    let sequence: Int
  }

  private var heap: [Entry] = []
  private var nextSequence = 0
  /// Whether one due time comes strictly before another (the clock's order too).
  package let isEarlier: (Time, Time) -> Bool

  /// An empty queue whose due times are ordered by `isEarlier` (strictly before).
  package init(isEarlier: @escaping (Time, Time) -> Bool) {
    self.isEarlier = isEarlier
  }

  /// The items not disposed yet, in no particular order.
  package var liveItems: [VirtualClockItem<Time>] {
    heap.map(\.item).filter { !$0.isDisposed }
  }

  /// The items not disposed yet, in the order they will run.
  package var liveItemsInOrder: [VirtualClockItem<Time>] {
    heap.filter { !$0.item.isDisposed }.sorted(by: precedes).map(\.item)
  }

  /// Queues `item` after every item due before or at its time.
  ///
  /// - Complexity: O(log n).
  package mutating func insert(_ item: VirtualClockItem<Time>) {
    heap.append(Entry(item: item, sequence: nextSequence))
    nextSequence += 1
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the first item not disposed, if it is due at or before `limit` (any
  /// time when `limit` is nil); drops the disposed items in front of it.
  ///
  /// - Complexity: O(log n) per item removed.
  package mutating func popFirstLive(dueBy limit: Time?) -> VirtualClockItem<Time>? {
    while let first = heap.first?.item {
      if first.isDisposed {
        removeFirst()
        continue
      }
      if let limit, isEarlier(limit, first.time) { return nil }
      removeFirst()
      return first
    }
    return nil
  }

  private func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
    if isEarlier(lhs.item.time, rhs.item.time) { return true }
    if isEarlier(rhs.item.time, lhs.item.time) { return false }
    return lhs.sequence < rhs.sequence
  }

  private mutating func removeFirst() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count && precedes(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count && precedes(heap[right], heap[smallest]) { smallest = right }
      if smallest == parent { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

/// The clock and the queue of a virtual-time scheduler, and the loop that runs the queue: what
/// `VirtualTimeScheduler` and ReactiveTesting's `TestScheduler` share. The clock moves to each
/// item's due time as it runs (never back), and only when driven: `start()`, `advance(to:)`,
/// `runNext(dueBy:)`.
///
/// Thread safety: the queue, the clock and the running flag are behind one lock that is never
/// held while an item runs, so items may schedule more work from any thread; drive the clock from
/// one thread at a time. `isEarlier` is called under the lock.
package final class VirtualClock<Time>: @unchecked Sendable {  // all mutable state is in `state`
  private struct State {
    var now: Time
    var queue: ClockQueue<Time>
    var isRunning = false
  }

  private let state: Locked<State>
  /// The scheduler's name, for precondition messages.
  private let name: String

  /// A clock at `now` with an empty queue; `isEarlier` orders times (strictly before), and `name`
  /// starts the messages of failed preconditions.
  package init(name: String, now: Time, isEarlier: @escaping (Time, Time) -> Bool) {
    self.name = name
    self.state = Locked(State(now: now, queue: ClockQueue(isEarlier: isEarlier)))
  }

  /// The current virtual time.
  package var now: Time { state.withLock { $0.now } }

  /// Moves the clock by `body`, which gets the current time and returns the new one; runs nothing.
  package func move(_ body: (Time) -> Time) {
    state.withLock { $0.now = body($0.now) }
  }

  /// The items waiting, not disposed, in no particular order.
  package var liveItems: [VirtualClockItem<Time>] { state.withLock { $0.queue.liveItems } }

  /// The items waiting, not disposed, in the order they will run.
  package var liveItemsInOrder: [VirtualClockItem<Time>] {
    state.withLock { $0.queue.liveItemsInOrder }
  }

  /// Queues `item` at its due time, after the items queued before it for the same time; returns
  /// it (disposing it cancels its action, or disposes what the action returned once it ran).
  ///
  /// - Complexity: O(log n) in the number of queued items.
  package func schedule(_ item: VirtualClockItem<Time>) -> VirtualClockItem<Time> {
    state.withLock { $0.queue.insert(item) }
    return item
  }

  /// Runs all queued work (including work scheduled meanwhile) until the queue is empty or
  /// `stop()` is called. Does nothing when already running.
  package func start() {
    let started = state.withLock { state -> Bool in
      if state.isRunning { return false }
      state.isRunning = true
      return true
    }
    guard started else { return }
    while let item = next(dueBy: nil) { item.invoke() }
  }

  /// Runs the work due at or before `time`, then sets the clock to `time`.
  ///
  /// - Precondition: not running already; unless `allowingPast`, `time` is not in the past.
  package func advance(to time: Time, allowingPast: Bool) {
    begin(to: time, allowingPast: allowingPast, caller: "advanceTo")
    while let item = next(dueBy: time) { item.invoke() }
    state.withLock { $0.now = time }
  }

  /// Runs the next item due at or before `time` (moving the clock to its time), if there is one;
  /// returns whether it ran one.
  ///
  /// - Precondition: not running already, and `time` is not in the past.
  package func runNext(dueBy time: Time) -> Bool {
    begin(to: time, allowingPast: false, caller: "runNext")
    guard let item = next(dueBy: time) else { return false }
    state.withLock { $0.isRunning = false }
    item.invoke()
    return true
  }

  /// Stops `start()` or `advance(to:allowingPast:)` after the current item.
  package func stop() {
    state.withLock { $0.isRunning = false }
  }

  private func begin(to time: Time, allowingPast: Bool, caller: String) {
    state.withLock { state in
      precondition(!state.isRunning, "\(name): \(caller) called while running")
      precondition(
        allowingPast || !state.queue.isEarlier(time, state.now),
        "\(name): cannot advance back to \(time)")
      state.isRunning = true
    }
  }

  /// Pops the next live item due at or before `limit`, moving the clock to its time; `nil` (and
  /// not running any more) when there is none or the clock was stopped.
  private func next(dueBy limit: Time?) -> VirtualClockItem<Time>? {
    state.withLock { state in
      if state.isRunning, let item = state.queue.popFirstLive(dueBy: limit) {
        if state.queue.isEarlier(state.now, item.time) { state.now = item.time }
        return item
      }
      state.isRunning = false
      return nil
    }
  }
}

/// One queued action of a virtual-time scheduler. The action is handed out once and released on
/// disposal, so that what it captures does not outlive a cancelled item.
///
/// Thread safety: `time`, `work` and the hooks are immutable; the rest is behind a lock, never
/// held while the action runs or its result is disposed.
package final class VirtualClockItem<Time>: Cancelable, @unchecked Sendable {
  /// When the item is due.
  package let time: Time
  /// The work (a store's effect) the item was scheduled for, if the scheduler attributes work; a
  /// tag for queries, the action applies it itself.
  package let work: WorkAttribution?
  /// Told when the item runs (`true`) or is disposed before running (`false`).
  private let done: (@Sendable (_ ran: Bool) -> Void)?
  private let state: Locked<(action: (() -> Disposable)?, result: Disposable?, disposed: Bool)>
  private let token: ResourceToken?

  /// An item running `action` at `time`; `countsAsResource` counts it in `Resources` while it
  /// lives.
  package init(
    time: Time, work: WorkAttribution? = nil, countsAsResource: Bool,
    done: (@Sendable (_ ran: Bool) -> Void)? = nil, action: @escaping () -> Disposable
  ) {
    self.time = time
    self.work = work
    self.done = done
    self.state = Locked((action, nil, false))
    self.token = countsAsResource ? ResourceToken() : nil
  }

  /// Whether the item was disposed.
  package var isDisposed: Bool { state.withLock { $0.disposed } }

  /// Runs the action (unless disposed) with no lock held, keeping the disposable it returns.
  func invoke() {
    guard let action = state.withLock({ $0.action.take() }) else { return }
    done?(true)
    let result = action()
    let disposeNow = state.withLock { state -> Bool in
      if state.disposed { return true }
      state.result = result
      return false
    }
    if disposeNow { result.dispose() }
  }

  /// Cancels the action if it has not run, or disposes what it returned.
  package func dispose() {
    let (action, result): ((() -> Disposable)?, Disposable?) = state.withLock { state in
      if state.disposed { return (nil, nil) }
      state.disposed = true
      return (state.action.take(), state.result.take())
    }
    if action != nil { done?(false) }
    withExtendedLifetime(action) {}  // released here, outside the lock
    result?.dispose()
  }
}
