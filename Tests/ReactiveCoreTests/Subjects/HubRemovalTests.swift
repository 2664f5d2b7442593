import Testing

@testable import ReactiveCore

/// Removing subscriptions from a hub's list (tombstones, then compaction in place): delivery
/// order is the subscription order, and every entry can still leave after entries moved.
@Suite struct HubRemovalTests {
  /// `count` subscribers of `relay`, each logging `(its index, the element)`.
  func subscribe(
    _ relay: PublishRelay<Int>, _ indices: Range<Int>, _ log: Shared<[[Int]]>
  ) -> [Disposable] {
    indices.map { index in
      relay.subscribe(onNext: { value in log.mutate { $0.append([index, value]) } })
    }
  }

  @Test func disposingInInsertionOrderKeepsOrderAndLeavesNoEntryBehind() {
    let relay = PublishRelay<Int>()
    let log = Shared<[[Int]]>([])
    var subscriptions = subscribe(relay, 0..<20, log)
    // The first 11 leave, oldest first (as a dropped DisposeBag does): the list is compacted.
    for subscription in subscriptions[0..<11] { subscription.dispose() }
    #expect(relay.hub.inspectEntries { $0.count } == 9)
    relay.accept(1)
    #expect(log.value == (11..<20).map { [$0, 1] })
    // Entries that moved during compaction can still leave, and new ones go last.
    subscriptions += subscribe(relay, 20..<23, log)
    subscriptions[12].dispose()
    subscriptions[19].dispose()
    subscriptions[15].dispose()
    subscriptions[13].dispose()
    log.mutate { $0.removeAll() }
    relay.accept(2)
    #expect(log.value == [11, 14, 16, 17, 18, 20, 21, 22].map { [$0, 2] })
    for subscription in subscriptions { subscription.dispose() }
    #expect(relay.hub.inspectEntries { $0.count } == 0)
    #expect(!relay.hasObservers)
  }

  @Test func disposingEveryOtherSubscriptionKeepsOrder() {
    let relay = PublishRelay<Int>()
    let log = Shared<[[Int]]>([])
    let subscriptions = subscribe(relay, 0..<64, log)
    for index in stride(from: 0, to: 64, by: 2) { subscriptions[index].dispose() }
    for index in stride(from: 1, to: 32, by: 4) { subscriptions[index].dispose() }
    relay.accept(7)
    let live = (0..<64).filter { $0 % 2 == 1 && !($0 < 32 && $0 % 4 == 1) }
    #expect(log.value == live.map { [$0, 7] })
    #expect(relay.hub.inspectEntries { $0.count - $0.tombstones } == live.count)
    for index in live { subscriptions[index].dispose() }
    #expect(relay.hub.inspectEntries { $0.count } == 0)
  }
}
