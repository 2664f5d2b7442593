// Removing a state subscriber: O(1) amortized (observable through the store's count of removal
// work), the order of delivery kept, the subscriber released at once, no allocation per state.

import AllocationCounter
import ReactiveMVI
import Testing

@Suite struct StoreSubscriberRemovalTests {
  /// 80,000 subscribers disposed in reverse order (the worst case for a search from the front):
  /// the removal work grows linearly with the number of subscribers.
  @Test(arguments: [1_000, 80_000])
  func disposingEverySubscriberInReverseOrderCostsLinearWork(count: Int) {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let started = ContinuousClock.now
    let subscriptions = (0..<count).map { _ in store.subscribeStates(onNext: { _ in }) }
    let workBefore = store.subscriberRemovalWork
    for subscription in subscriptions.reversed() { subscription.dispose() }
    let work = store.subscriberRemovalWork - workBefore
    #expect(work <= 4 * count, "removing \(count) subscribers took \(work) steps")
    // A safety net only: a linear search per removal took seconds here.
    #expect(ContinuousClock.now - started < .seconds(120))
    store.send(1)
    #expect(store.state.count == 1)
  }

  /// A seeded sequence of subscribes, disposals (from anywhere in the list) and intents, checked
  /// against a plain array: every state goes to the live subscribers in subscription order.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func deliveryKeepsSubscriptionOrderAfterRemovalsFromTheMiddle(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let store = Store(initialState: Twin.State(), feature: Twin())
    let log = Shared<[Int]>([])
    var live: [(id: Int, subscription: Disposable)] = []
    var nextID = 0
    for step in 0..<2_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let id = nextID
        nextID += 1
        let onNext: (Twin.State) -> Void = { _ in log.append(id) }
        let subscription =
          id.isMultiple(of: 2)
          ? store.subscribeStates(onNext: onNext) : store.states.subscribe(onNext: onNext)
        live.append((id, subscription))
      case 4..<8 where !live.isEmpty:
        live.remove(at: Int.random(in: 0..<live.count, using: &random)).subscription.dispose()
      default:
        let before = log.value.count
        store.send(1)
        let delivered = Array(log.value.dropFirst(before))
        #expect(delivered == live.map(\.id), "seed \(seed), step \(step)")
        if delivered != live.map(\.id) { return }
      }
    }
    for entry in live { entry.subscription.dispose() }
  }

  /// A disposed subscriber is released at once, even while others stay in the list.
  @Test func aDisposedSubscriberIsReleasedAtOnceWhileOthersStay() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let first = store.subscribeStates(onNext: { _ in })
    weak var weakToken: Token?
    weak var weakLeafToken: Token?
    var second: Disposable?
    var third: Disposable?
    do {
      let token = Token()
      let leafToken = Token()
      weakToken = token
      weakLeafToken = leafToken
      second = store.subscribeStates(onNext: { _ in _ = token })
      third = store.states.subscribe(onNext: { _ in _ = leafToken })
    }
    let last = store.subscribeStates(onNext: { _ in })
    second?.dispose()
    third?.dispose()
    #expect(weakToken == nil)
    #expect(weakLeafToken == nil)
    store.send(1)
    first.dispose()
    last.dispose()
  }

  /// Subscribing and disposing do not make delivery allocate.
  @Test func aStateAllocatesNothingAfterRemovals() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    var sum = 0
    let subscriptions = (0..<10).map { _ in store.subscribeStates(onNext: { sum &+= $0.count }) }
    for index in [7, 2, 5] { subscriptions[index].dispose() }
    store.send(1)  // warm up
    let before = allocation_counter_thread_count()
    for _ in 0..<1_000 { store.send(1) }
    let count = allocation_counter_thread_count() - before
    for subscription in subscriptions { subscription.dispose() }
    #expect(count == 0)
    #expect(sum > 0)
  }
}

/// An object whose release a test observes with a weak reference.
private final class Token {}
