import Dispatch
import ReactiveMVI
import Testing

@Suite(.onOwnThread) struct StoreTests {
  @Test func counterReducesIntentsAndReplaysTheCurrentState() {
    expectNoLeaks {
      let store = Store(initialState: Counter.State(), feature: Counter())
      store.send(.increment)
      store.send(.increment)
      let seen = Shared<[Int]>([])
      let subscription = store.states.subscribe(onNext: { seen.append($0.count) })
      store.send(.decrement)
      #expect(seen.value == [2, 1])
      #expect(store.state.count == 1)
      subscription.dispose()
    }
  }

  @Test func bindingAnObservableOfIntents() {
    expectNoLeaks {
      let store = Store(initialState: Counter.State(), feature: Counter())
      let intents = PublishRelay<Counter.Intent>()
      let binding = intents.bind(to: store)
      intents.accept(.increment)
      intents.accept(.setLabel("x"))
      #expect(store.state == Counter.State(count: 1, label: "x"))
      binding.dispose()
      intents.accept(.increment)
      #expect(store.state.count == 1)
    }
  }

  @Test func completionOfAnIntentSourceDoesNotStopTheStore() {
    let store = Store(initialState: Counter.State(), feature: Counter())
    _ = Observable.of(Counter.Intent.increment, .increment).subscribe(store)
    store.send(.increment)
    #expect(store.state.count == 3)
  }

  @Test func reentrantIntentFromASubscriberIsHandledAfterTheCurrentOne() {
    expectNoLeaks {
      let store = Store(initialState: Counter.State(), feature: Counter())
      let first = Shared<[Int]>([])
      let second = Shared<[Int]>([])
      let a = store.states.subscribe(onNext: { state in
        first.append(state.count)
        if state.count == 1 { store.send(.increment) }
        if state.count == 2 && state.label.isEmpty { store.send(.setLabel("two")) }
      })
      let b = store.states.subscribe(onNext: { state in
        second.append(state.count)
        // The re-entrant intent has not been handled yet when the second subscriber runs.
        if state.count == 1 { #expect(store.state.count == 1) }
      })
      store.send(.increment)
      #expect(first.value == [0, 1, 2, 2])
      #expect(second.value == [0, 1, 2, 2])
      #expect(store.state == Counter.State(count: 2, label: "two"))
      a.dispose()
      b.dispose()
    }
  }

  @Test func concurrentSendersAreReducedOneAtATime() {
    let threads = 8
    let perThread = 2_000
    expectNoLeaks {
      let store = Store(initialState: Counter.State(), feature: Counter())
      let seen = Shared<[Int]>([])
      let subscription = store.states.subscribe(onNext: { seen.append($0.count) })
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for _ in 0..<perThread { store.send(.increment) }
      }
      #expect(store.state.count == threads * perThread)
      // Every state once, in order: 0, 1, 2, ... (no lost or reordered states).
      #expect(seen.value == Array(0...(threads * perThread)))
      subscription.dispose()
    }
  }

  @Test func intentsSentFromMiddlewareAreQueued() {
    let log = Shared<[String]>([])
    let echo = Middleware<Counter> { activity, context in
      switch activity {
      case .intent(let intent):
        log.append("intent \(intent)")
        if intent == .increment { context.send(.setLabel("after")) }
      case .stateChanged(let old, let new):
        log.append("state \(old.count)/\(old.label) -> \(new.count)/\(new.label)")
      case .result(_, let origin): log.append("result \(origin)")
      case .event, .effectFailed: break
      }
    }
    let store = Store(initialState: Counter.State(), feature: Counter(), middleware: [echo])
    store.send(.increment)
    #expect(
      log.value == [
        "intent increment", "result intent", "state 0/ -> 1/",
        "intent setLabel(\"after\")", "result intent", "state 1/ -> 1/after",
      ])
  }
}

@Suite(.onOwnThread) struct ConcurrentReentrancyTests {
  @Test func allSubscribersSeeTheSameOrderWithConcurrentAndReentrantSenders() {
    let threads = 4
    let perThread = 1_000
    let store = Store(initialState: Counter.State(), feature: Counter())
    let first = Shared<[Counter.State]>([])
    let second = Shared<[Counter.State]>([])
    let b = store.states.subscribe(onNext: { second.append($0) })
    let a = store.states.subscribe(onNext: { state in
      first.append(state)
      // Every 10th count, re-entrantly relabel: queued behind the work already waiting.
      if state.count % 10 == 0 && state.label != "\(state.count)" {
        store.send(.setLabel("\(state.count)"))
      }
    })
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<perThread { store.send(.increment) }
    }
    #expect(store.state.count == threads * perThread)
    #expect(second.value.first == Counter.State())
    #expect(first.value == second.value)
    #expect(first.value.map(\.count) == first.value.map(\.count).sorted())
    a.dispose()
    b.dispose()
  }
}

@Suite struct LongReentrantChainTests {
  @Test func aLongReentrantChainOfIntentsIsHandledInOrderWithoutRecursion() async {
    // Each state sends the next intent from inside its delivery: the sends are queued, never
    // recursive (200,000 nested calls would overflow the stack), and none is lost or reordered,
    // however long the chain and whichever thread ends up delivering.
    let total = 200_000
    let store = Store(initialState: Counter.State(), feature: Counter())
    let counts = Shared<[Int]>([])
    let subscription = store.states.subscribe(onNext: { state in
      counts.append(state.count)
      if state.count < total { store.send(.increment) }
    })
    #expect(await eventually { store.state.count == total && counts.value.count == total + 1 })
    #expect(counts.value == Array(0...total))
    subscription.dispose()
  }
}
