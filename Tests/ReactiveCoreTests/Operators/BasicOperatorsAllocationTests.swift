import ReactiveCore
import Testing

/// Steady-state delivery through the basic operators allocates nothing per event.
@Suite(.enabled(if: allocationCountingIsActive, "allocation counting is off under sanitizers"))
struct BasicOperatorsAllocationTests {
  @Test func singleSourceOperatorsAllocateNothingPerEvent() {
    let relay = PublishRelay<Int>()
    var sum = 0
    let first: Observable<Int> =
      relay
      .compactMap { (value: Int) -> Int? in value.isMultiple(of: 3) ? nil : value }
      .scan(0) { (acc: Int, value: Int) in acc &+ value }
      .scan(into: 0) { (acc: inout Int, value: Int) in acc &+= value }
    let second: Observable<Int> =
      first
      .distinctUntilChanged()
      .distinctUntilChanged { (value: Int) in value / 2 }
      .skip(1)
      .skip(while: { (value: Int) in value < 0 })
    let third: Observable<Int> =
      second
      .take(1_000_000)
      .take(while: { (value: Int) in value >= 0 })
      .do(onNext: { (_: Int) in }, afterNext: { (_: Int) in })
    let fourth: Observable<Int> =
      third
      .materialize()
      .dematerialize()
      .catchAndReturn(0)
      .retry(3)
    let subscription = fourth.subscribe(onNext: { sum &+= $0 })
    relay.accept(1)
    relay.accept(2)
    let count = allocations { for i in 1...10_000 { relay.accept(i) } }
    subscription.dispose()
    #expect(count == 0)
    #expect(sum > 0)
  }

  @Test func twoSourceOperatorsAllocateNothingPerEvent() {
    let relay = PublishRelay<Int>()
    let trigger = PublishRelay<Void>()
    var sum = 0
    let subscription = relay.skip(until: trigger).take(until: PublishRelay<Int>())
      .subscribe(onNext: { sum &+= $0 })
    trigger.accept(())
    relay.accept(1)
    let count = allocations { for i in 1...10_000 { relay.accept(i) } }
    subscription.dispose()
    #expect(count == 0)
    #expect(sum == 50_005_001)
  }
}
