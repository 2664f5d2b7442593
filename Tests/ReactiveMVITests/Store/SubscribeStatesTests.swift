import Dispatch
import ReactiveCore
import ReactiveMVI
import Synchronization
import TestSupport
import Testing

/// The two ways a final subscriber reaches the store's own subscriber list, with the same
/// guarantees: `Store.subscribeStates(onNext:)`, and `states.subscribe(onNext:)` (whose subscriber
/// leaf `states` takes itself and calls inside the drainer turn, see `Observable.downstreamHandler`).
@Suite(.onOwnThread) struct SubscribeStatesTests {
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    case subscribeStates, states

    var testDescription: String { rawValue }

    func subscribe(_ store: Store<Twin>, _ onNext: @escaping (Twin.State) -> Void) -> Disposable {
      switch self {
      case .subscribeStates: store.subscribeStates(onNext: onNext)
      case .states: store.states.subscribe(onNext: onNext)
      }
    }
  }

  @Test func deliversTheCurrentStateThenEveryLaterOneInTheOrderOfStates() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    store.send(2)
    let direct = Shared<[Int]>([])
    let observed = Shared<[Int]>([])
    let first = store.subscribeStates(onNext: { direct.append($0.count) })
    let second = store.states.subscribe(onNext: { observed.append($0.count) })
    for _ in 0..<3 { store.send(1) }
    first.dispose()
    store.send(1)
    second.dispose()
    #expect(direct.value == [2, 3, 4, 5])
    #expect(observed.value == [2, 3, 4, 5, 6])
  }

  @Test(arguments: Path.allCases)
  func aSendFromInsideOnNextIsQueuedAfterTheDelivery(path: Path) {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let seen = Shared<[Int]>([])
    let subscription = path.subscribe(
      store,
      { state in
        seen.append(state.count)
        if state.count == 1 {
          store.send(1)
          #expect(store.state.count == 1)  // not handled re-entrantly
        }
      })
    store.send(1)
    subscription.dispose()
    #expect(seen.value == [0, 1, 2])
  }

  @Test(arguments: Path.allCases)
  func disposeFromInsideOnNextStopsDeliveriesAndReleasesTheClosure(path: Path) {
    let store = Store(initialState: Twin.State(), feature: Twin())
    weak var weakToken: Token?
    let seen = Shared<[Int]>([])
    let subscription = Shared<Disposable?>(nil)
    do {
      let token = Token()
      weakToken = token
      subscription.value = path.subscribe(
        store,
        { state in
          _ = token
          seen.append(state.count)
          if state.count == 1 { subscription.value?.dispose() }
        })
    }
    store.send(1)
    store.send(1)
    #expect(seen.value == [0, 1])
    #expect(weakToken == nil)  // released although the disposable is still held
    #expect((subscription.value as? Cancelable)?.isDisposed == true)
  }

  @Test(arguments: Path.allCases)
  func disposeFromAnotherThreadWaitsForTheOnNextInProgress(path: Path) {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let callback = BlockingCallback()
    let subscription = Shared<Disposable?>(
      path.subscribe(
        store,
        { state in
          if state.count == 1 { callback.run() }
        }))
    let seen = callback.disposeWhileRunning(
      start: { store.send(1) }, dispose: { subscription.value?.dispose() },
      isClosed: { (subscription.value as? Cancelable)?.isDisposed == true })
    seen.expectTheBarrierHeld()
  }
}

/// An object whose release a test observes with a weak reference.
private final class Token {}
