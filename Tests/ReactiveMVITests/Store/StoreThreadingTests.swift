import AllocationCounter
import Dispatch
import ReactiveMVI
import Testing

/// A feature whose state carries the same number twice, as an Int and as a String: a read of
/// `state` that mixed two states (a torn read) would show them disagreeing.
struct Twin: Feature {
  struct State: Equatable {
    var count = 0
    var text = "0"
  }

  func reduce(_ state: State, _ step: Int) -> State {
    let count = state.count + step
    return State(count: count, text: String(count))
  }
}

@Suite(.onOwnThread) struct StoreThreadingTests {
  @Test func readersOnOtherThreadsSeeWholeStatesInOrderWhileIntentsAreHandled() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let intents = 20_000
    let readers = 3
    let torn = Shared<[Twin.State]>([])
    let backwards = Shared<[(Int, Int)]>([])
    DispatchQueue.concurrentPerform(iterations: readers + 1) { index in
      if index == 0 {
        for _ in 0..<intents { store.send(1) }
        return
      }
      var last = 0
      while last < intents {
        let state = store.state
        if state.text != String(state.count) { torn.append(state) }
        if state.count < last { backwards.append((last, state.count)) }
        last = state.count
      }
    }
    #expect(torn.value.isEmpty)
    #expect(backwards.value.isEmpty)
    #expect(store.state == Twin.State(count: intents, text: String(intents)))
  }

  @Test func stateReadFromASubscriberIsTheStateBeingDelivered() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let mismatches = Shared<[Int]>([])
    let subscription = store.states.subscribe(onNext: { state in
      if store.state != state { mismatches.append(state.count) }
    })
    for _ in 0..<100 { store.send(1) }
    #expect(mismatches.value.isEmpty)
    #expect(store.state.count == 100)
    subscription.dispose()
  }
}

@Suite struct StateSubscriptionTests {
  @Test func aSubscriptionMadeDuringADeliveryStartsAfterItWithNoGapOrRepeat() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let late = Shared<[Int]>([])
    var lateSubscription: Disposable?
    let first = store.states.subscribe(onNext: { state in
      if state.count == 2 {
        lateSubscription = store.states.subscribe(onNext: { late.append($0.count) })
        store.send(1)  // queued behind the subscription
        #expect(late.value.isEmpty)  // attached only after this delivery
      }
    })
    store.send(1)
    store.send(1)
    store.send(1)
    #expect(late.value == [2, 3, 4])
    lateSubscription?.dispose()
    store.send(1)
    #expect(late.value == [2, 3, 4])
    first.dispose()
  }

  @Test func aSubscriptionAfterTheStoreIsGoneGetsTheLastState() {
    var store: Store<Twin>? = Store(initialState: Twin.State(), feature: Twin())
    store?.send(5)
    let states = store!.states
    store = nil
    let seen = Shared<[Int]>([])
    let subscription = states.subscribe(onNext: { seen.append($0.count) })
    #expect(seen.value == [5])
    subscription.dispose()
  }
}

/// Handling an intent whose effect is `.result` or `.none` allocates nothing, state subscriber
/// included (off under sanitizers, which own malloc).
@Suite(
  .enabled(if: allocation_counter_is_active() != 0, "allocation counting is off under sanitizers"))
struct StoreAllocationTests {
  /// `.result` for odd steps, `.none` for even ones.
  struct Sum: Feature {
    func handle(_ step: Int, state: Twin.State) -> Effect<Int, Never> {
      step.isMultiple(of: 2) ? .none : .result(step)
    }

    func reduce(_ state: Twin.State, _ step: Int) -> Twin.State {
      var state = state
      state.count += step
      return state
    }
  }

  @Test func resultAndNoneEffectsAllocateNothingPerIntent() {
    let store = Store(initialState: Twin.State(), feature: Sum())
    var sum = 0
    let subscription = store.states.subscribe(onNext: { sum &+= $0.count })
    let direct = store.subscribeStates(onNext: { sum &+= $0.count })
    store.send(1)  // warm up
    let before = allocation_counter_thread_count()
    for step in 1...10_000 { store.send(step) }
    let count = allocation_counter_thread_count() - before
    subscription.dispose()
    direct.dispose()
    #expect(count == 0)
    #expect(store.state.count == 1 + 25_000_000)
    #expect(sum > 0)
  }
}
