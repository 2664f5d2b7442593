// The view store's policy under a flood of states from other threads: at most one main-queue
// block pending per view store, applying the newest state when it runs. The main queue is held
// deterministically: a main-actor test that waits on a semaphore keeps every main-queue block
// from running until it returns or suspends.

import Dispatch
import Observation
import TestSupport
import Testing

@testable import ReactiveMVI

/// What a test records on the main actor, from main-queue blocks and Observation callbacks.
@MainActor
final class MainRecord {
  var applied: [Profile.State] = []
  var logCountWhenMarkerRan: Int?
}

/// Sends `.record(n)` for each `n` in `values` from a background thread and returns once the
/// store has taken them all, holding the calling thread (the main queue, in these tests) until
/// then; `false` if the sender did not finish within the safety deadline.
@discardableResult
func sendFromBackgroundAndWait(_ store: Store<Profile>, _ values: ClosedRange<Int>) -> Bool {
  let done = DispatchSemaphore(value: 0)
  DispatchQueue.global().async {
    for n in values { store.send(.record(n)) }
    done.signal()
  }
  return wait(for: done)
}

@Suite(.timeLimit(.minutes(5)))
@MainActor
struct ViewStoreCoalescingTests {
  func makeViewStore(recording record: MainRecord) -> ViewStore<Store<Profile>> {
    let viewStore = ViewStore(Store(initialState: Profile.State(), feature: Profile()))
    viewStore.didApply = { record.applied.append($0) }
    return viewStore
  }

  /// Waits, letting the main queue run, until the view store has applied `count` log entries.
  func waitForLog(_ count: Int, in viewStore: ViewStore<Store<Profile>>) async {
    while viewStore.log.count < count {
      await nextChange { _ = viewStore.log }
    }
  }

  @Test func aFloodWhileTheMainQueueIsHeldPostsOneBlockThatAppliesOnlyTheLatestState() async {
    let record = MainRecord()
    let viewStore = makeViewStore(recording: record)
    let total = 20_000
    let postedBefore = viewStore.mainQueueBlocksPosted
    #expect(sendFromBackgroundAndWait(viewStore.store, 1...total))
    // Nothing ran on the main queue yet; the store has produced every state.
    #expect(record.applied.isEmpty)
    #expect(viewStore.mainQueueBlocksPosted - postedBefore == 1)
    await waitForLog(total, in: viewStore)
    #expect(record.applied.map(\.log.count) == [total])
    #expect(viewStore.mainQueueBlocksPosted - postedBefore == 1)
    #expect(viewStore.log == Array(1...total))
    viewStore.didApply = nil
  }

  @Test func aMainQueueBlockPostedBeforeTheFloodRunsBeforeItsLastStateIsApplied() async {
    let record = MainRecord()
    let viewStore = makeViewStore(recording: record)
    let store = viewStore.store
    let total = 20_000
    // Inside the block that applies the first state: post a marker on the main queue, then let
    // the rest of the flood reach the store while the main thread is still busy. The marker is
    // ahead of every state that arrived after it, so it runs before the last state is applied.
    viewStore.didApply = { state in
      record.applied.append(state)
      guard state.log == [1] else { return }
      DispatchQueue.main.async {
        MainActor.assumeIsolated { record.logCountWhenMarkerRan = viewStore.log.count }
      }
      sendFromBackgroundAndWait(store, 2...total)
    }
    DispatchQueue.global().async { store.send(.record(1)) }
    await waitForLog(total, in: viewStore)
    #expect(record.logCountWhenMarkerRan == 1, "the flood's states overtook the marker")
    #expect(record.applied.map(\.log.count) == [1, total])
    #expect(viewStore.mainQueueBlocksPosted == 2)
    viewStore.didApply = nil
  }

  @Test func aSendOnTheMainThreadIsAppliedBeforeItReturnsWhileABlockIsPending() async {
    let record = MainRecord()
    let viewStore = makeViewStore(recording: record)
    #expect(sendFromBackgroundAndWait(viewStore.store, 1...3))  // a block is now pending
    viewStore.send(.increment)
    #expect(viewStore.count == 1)
    #expect(viewStore.log == [1, 2, 3])  // the newer state carries the background ones too
    #expect(record.applied.map(\.count) == [1])
    // The pending block finds nothing newer: no older state is applied after it.
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(record.applied.map(\.count) == [1])
    #expect(viewStore.count == 1)
    viewStore.didApply = nil
  }

  @Test func aStateSentByAnObserverDuringAnApplyIsAppliedAfterItNeverBefore() async {
    let record = MainRecord()
    let viewStore = makeViewStore(recording: record)
    // Observation calls `onChange` inside the view store's will-set, before the new state is
    // stored: a send from there (the store is idle, so the main thread handles it at once) must
    // not be overwritten by the state being applied.
    withObservationTracking(
      { _ = viewStore.log },
      onChange: {
        MainActor.assumeIsolated { viewStore.send(.increment) }
      })
    // Returns once the background send is done, so the store is idle when the block runs.
    #expect(sendFromBackgroundAndWait(viewStore.store, 1...1))
    while record.applied.count < 2 {
      await nextChange { _ = viewStore.state }
    }
    #expect(record.applied.map(\.count) == [0, 1])
    #expect(viewStore.count == 1)
    #expect(viewStore.log == [1])
    viewStore.didApply = nil
  }
}
