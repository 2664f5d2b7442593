import Testing

@testable import ReactiveCore

/// An observable's handlers hold what it is made of, so freeing a chain of observables nests one
/// level per operator: they must be destroyed inside the level of release that the observable's
/// `deinit` enters and its last stored property leaves (see `Observable.deinit`). This checks
/// that order as the compiler builds it, in the debug and the optimized build: a compiler that
/// destroyed the stored properties in another order would free chains of observables by
/// unbounded recursion again.
@Suite struct ObservableReleaseTests {
  /// Records the thread's release depth when it dies.
  final class Probe {
    let died: (Int) -> Void
    init(died: @escaping (Int) -> Void) { self.died = died }
    deinit { died(Trampoline.releaseDepth) }
  }

  /// An observable whose subscribe handler holds one probe and whose composition is another: the
  /// only references to both.
  func observable(holding handlerProbe: Probe, composition: Probe) -> Observable<Int> {
    Observable<Int>(
      subscribeHandler: { _ in withExtendedLifetime(handlerProbe) { Disposables.create() } },
      composition: composition)
  }

  @Test func handlersDieInsideTheObservablesLevelOfRelease() {
    var depths: [Int] = []
    do {
      let observable = observable(
        holding: Probe { depths.append($0) }, composition: Probe { depths.append($0) })
      #expect(depths.isEmpty)
      withExtendedLifetime(observable) {}
    }
    #expect(depths == [1, 1])
    #expect(Trampoline.releaseDepth == 0)
  }

  /// An operator's observable over `probe`'s observable: the only reference to the source is
  /// the operator's handlers.
  func chain(over probe: Probe) -> Observable<Int> {
    Observable<Int>(subscribeHandler: { _ in
      withExtendedLifetime(probe) { Disposables.create() }
    })
    .do(onNext: { _ in })
  }

  @Test func aSourceDiesOneLevelDeeperThanItsOperator() {
    var depths: [Int] = []
    do {
      let outer = chain(over: Probe { depths.append($0) })
      withExtendedLifetime(outer) {}
    }
    #expect(depths == [2])
    #expect(Trampoline.releaseDepth == 0)
  }
}
