// `PublishedState.lendLatest()`, `publishAndLend(_:)` and `endLoan(_:)` lend the latest state
// without copying it (the one owner of the store's state loan). What must hold, also in the optimized build: a copy the borrower
// makes and mutates never writes the published state, and every reference the state holds is
// released exactly once, when the state is displaced.

import Testing

@testable import ReactiveEngine

/// Records its release.
final class LoanedReference: @unchecked Sendable {
  let id: Int
  let releases: Locked<[Int]>
  init(_ id: Int, releases: Locked<[Int]>) {
    self.id = id
    self.releases = releases
  }
  deinit {
    let id = id
    releases.withLock { $0.append(id) }
  }
}

struct LoanedState {
  var values: [Int]
  var reference: LoanedReference
}

@Suite struct PublishedStateLoanTests {
  @Test func aCopyMutatedDuringTheLoanLeavesThePublishedStateAsItWas() {
    let releases = Locked<[Int]>([])
    let published = PublishedState(
      LoanedState(values: [1, 2, 3], reference: LoanedReference(0, releases: releases)))
    var copies: [LoanedState] = []
    for step in 1...100 {
      let lent = published.lendLatest()
      // Had the loan handed the slot's buffer to this copy, the append would write it.
      var copy = lent
      copy.values.append(step)
      #expect(published.read().values == [1, 2, 3])
      published.endLoan(consume lent)
      copies.append(copy)
      #expect(published.read().values == [1, 2, 3])
    }
    #expect(copies.map(\.values.last) == Array(1...100))
    #expect(releases.withLock { $0 }.isEmpty)
  }

  @Test func everyReferenceIsReleasedOnceWhenItsStateIsDisplaced() {
    let releases = Locked<[Int]>([])
    let published = PublishedState(
      LoanedState(values: [], reference: LoanedReference(0, releases: releases)))
    for step in 1...50 {
      // Lent several times between publishes: a loan that released (or retained) what it lent
      // would release a reference early, twice, or never.
      for _ in 0..<3 {
        let lent = published.lendLatest()
        #expect(lent.reference.id == step - 1)
        published.endLoan(consume lent)
      }
      let latest = published.publishAndLend(
        LoanedState(values: [step], reference: LoanedReference(step, releases: releases)))
      #expect(latest.reference.id == step)
      published.endLoan(consume latest)
      // The two slots hold the latest state and the one before it.
      #expect(releases.withLock { $0 } == Array(0..<max(0, step - 1)))
    }
  }
}
