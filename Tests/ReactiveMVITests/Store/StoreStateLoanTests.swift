// The store lends its latest state to the feature and the subscribers without copying it: the
// loaned value must stay exactly the published one (never mutated in place by a copy made from
// it), and every reference it holds must be released once, when the state is displaced.

import ReactiveMVI
import Testing

/// A reference held by a state: it records its own release.
final class LoanToken: @unchecked Sendable {
  let id: Int
  let released: Shared<[Int]>
  init(_ id: Int, released: Shared<[Int]>) {
    self.id = id
    self.released = released
  }
  deinit { released.append(id) }
}

/// Appends each step to a copy-on-write array and replaces the token; an odd step asks for one
/// more step as an effect (a nested reduction after the first).
struct Appending: Feature {
  struct State {
    var values: [Int] = []
    var token: LoanToken
  }

  let released: Shared<[Int]>

  func reduce(_ state: State, _ step: Int) -> State {
    var state = state
    state.values.append(step)
    state.token = LoanToken(step, released: released)
    return state
  }

  func effect(after step: Int, state: State) -> Effect<Int, Never> {
    step.isMultiple(of: 2) || step > 1_000 ? .none : .result(step + 1_000)
  }
}

@Suite struct StoreStateLoanTests {
  @Test func everyStateASubscriberKeepsStaysAsItWasDelivered() {
    let released = Shared<[Int]>([])
    let store = Store(
      initialState: Appending.State(token: LoanToken(-1, released: released)),
      feature: Appending(released: released))
    let kept = Shared<[[Int]]>([])
    var keptStates: [Appending.State] = []
    let direct = store.subscribeStates(onNext: { keptStates.append($0) })
    let observed = store.states.subscribe(onNext: { kept.append($0.values) })
    for step in 1...50 { store.send(step) }

    // Each delivered state is the previous one plus one step: had a reducer's copy shared the
    // lent array and appended in place, earlier states would show later steps.
    var expected: [Int] = []
    var expectedStates: [[Int]] = [[]]
    for step in 1...50 {
      expected.append(step)
      expectedStates.append(expected)
      if !step.isMultiple(of: 2) {
        expected.append(step + 1_000)
        expectedStates.append(expected)
      }
    }
    #expect(kept.value == expectedStates)
    #expect(keptStates.map(\.values) == expectedStates)
    #expect(store.state.values == expected)
    direct.dispose()
    observed.dispose()
  }

  @Test func everyReferenceOfADisplacedStateIsReleasedOnceAndOnlyThen() {
    let released = Shared<[Int]>([])
    do {
      let store = Store(
        initialState: Appending.State(token: LoanToken(-1, released: released)),
        feature: Appending(released: released))
      // A subscriber that keeps nothing, reads the state and sends from inside the delivery
      // (queued behind the current intent).
      var sentFromDelivery = false
      let subscription = store.subscribeStates(onNext: { state in
        #expect(store.state.token.id == state.token.id)
        if state.token.id == 4, !sentFromDelivery {
          sentFromDelivery = true
          store.send(6)
        }
      })
      for step in [2, 4] { store.send(step) }
      // States so far: initial (-1), 2, 4, then 6 from the delivery. The store keeps the latest
      // two (4 and 6): the older tokens are released, each once.
      #expect(released.value == [-1, 2])
      #expect(store.state.token.id == 6)
      store.send(3)  // and its effect, 1003
      #expect(released.value == [-1, 2, 4, 6])
      #expect(store.state.token.id == 1_003)
      subscription.dispose()
      store.dispose()
    }
    // Released with the store, each once: nothing leaked, nothing released twice.
    #expect(released.value.sorted() == [-1, 2, 3, 4, 6, 1_003])
  }
}
