import Dispatch
import Testing

@testable import ReactiveMVI

/// Sums its intents and counts them: a lost or repeated intent shows in the final state.
struct Tally: Feature {
  struct State: Equatable, Sendable {
    var sum = 0
    var count = 0
  }

  func reduce(_ state: State, _ intent: Int) -> State {
    State(sum: state.sum &+ intent, count: state.count + 1)
  }
}

@Suite struct StoreTimeTravelStressTests {
  /// Threads send intents while another pauses, steps, skips and resumes the store at seeded
  /// moments: every intent is handled exactly once (held ones on resume, in order per sender),
  /// and each is one step of the session.
  @Test(arguments: [0x7AA5_0001, 0x7AA5_0002, 0x7AA5_0003] as [UInt64])
  func intentsFromManyThreadsWhileTravellingAreHandledOnceEach(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    for round in 0..<10 {
      let senders = 3
      let intentsPerSender = 300
      let travel = StoreTimeTravel(initialState: Tally.State(), feature: Tally())
      let store = travel.store
      let seeds = (0..<senders).map { _ in random.next() }
      let group = DispatchGroup()
      var expectedSum = 0
      for sender in 0..<senders {
        var values = SeededGenerator(seed: seeds[sender])
        let intents = (0..<intentsPerSender).map { _ in Int.random(in: 1...1_000, using: &values) }
        expectedSum += intents.reduce(0, +)
        DispatchQueue.global().async(group: group) {
          for intent in intents { store.send(intent) }
        }
      }
      for _ in 0..<50 {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: travel.pause()
        case 1: travel.stepBack()
        case 2: travel.jump(to: Int.random(in: 0...100, using: &random))
        case 3: travel.toggleSkip(Int.random(in: 1...100, using: &random))
        default: travel.resume()
        }
      }
      travel.resume()
      group.wait()
      let total = senders * intentsPerSender
      #expect(
        store.state == Tally.State(sum: expectedSum, count: total),
        "round \(round) of seed \(seed)")
      #expect(travel.session.steps.count == total, "round \(round) of seed \(seed)")
      if store.state.count != total { return }
    }
  }
}
