import Dispatch
import ReactiveCore
import ReactiveMVI
import TestSupport
import Testing

/// A `Store`'s scope delivers the child's states from the store's own subscriber list (mapped on
/// the way), to a subscriber leaf or to an operator: the same replay, order, thread and dispose
/// barrier as a subscriber of the store's `states`.
@Suite(.onOwnThread) struct ScopedStoreTests {
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    /// `child.states.subscribe(onNext:)`: a subscriber leaf.
    case leaf
    /// `child.states.map { $0 }.subscribe(onNext:)`: an operator downstream.
    case operatorChain

    var testDescription: String { rawValue }

    func subscribe(_ child: ScopedStore<Int, Int>, _ onNext: @escaping (Int) -> Void)
      -> Disposable
    {
      switch self {
      case .leaf: child.states.subscribe(onNext: onNext)
      case .operatorChain: child.states.map { $0 }.subscribe(onNext: onNext)
      }
    }
  }

  /// A store and its scope whose state is the count halved (so some changes leave it equal).
  static func storeAndHalfCount() -> (Store<Twin>, ScopedStore<Int, Int>) {
    let store = Store(initialState: Twin.State(), feature: Twin())
    return (store, store.scope(state: { $0.count / 2 }, intent: { $0 }))
  }

  @Test(arguments: Path.allCases)
  func replaysTheChildStateThenOnePerParentStateInOrder(path: Path) {
    let (store, child) = Self.storeAndHalfCount()
    store.send(2)
    let seen = Shared<[Int]>([])
    let subscription = path.subscribe(
      child,
      { value in
        seen.append(value)
        if value == 2 {
          child.send(2)
          #expect(store.state.count == 4)  // queued, not handled re-entrantly
        }
      })
    child.send(1)  // 3: the child state stays 1, and is delivered again
    child.send(1)  // 4, then 6 sent from inside the delivery
    subscription.dispose()
    child.send(1)
    #expect(seen.value == [1, 1, 2, 3])
    #expect(child.state == 3)
  }

  @Test(arguments: Path.allCases)
  func disposeFromInsideOnNextStopsDeliveries(path: Path) {
    let (_, child) = Self.storeAndHalfCount()
    let seen = Shared<[Int]>([])
    let subscription = Shared<Disposable?>(nil)
    subscription.value = path.subscribe(
      child,
      { value in
        seen.append(value)
        if value == 1 { subscription.value?.dispose() }
      })
    for _ in 0..<6 { child.send(1) }
    #expect(seen.value == [0, 0, 1])
    #expect((subscription.value as? Cancelable)?.isDisposed == true)
  }

  @Test(arguments: Path.allCases)
  func disposeFromAnotherThreadWaitsForTheOnNextInProgress(path: Path) {
    let (_, child) = Self.storeAndHalfCount()
    let callback = BlockingCallback()
    let subscription = Shared<Disposable?>(
      path.subscribe(
        child,
        { value in
          if value == 1 { callback.run() }
        }))
    let seen = callback.disposeWhileRunning(
      start: { child.send(2) }, dispose: { subscription.value?.dispose() },
      isClosed: { (subscription.value as? Cancelable)?.isDisposed == true })
    seen.expectTheBarrierHeld()
  }

  @Test(arguments: Path.allCases)
  func aSubscriptionMadeInsideADeliveryGetsTheLatestStateThenEveryLaterOne(path: Path) {
    let (store, child) = Self.storeAndHalfCount()
    let seen = Shared<[Int]>([])
    let inner = Shared<Disposable?>(nil)
    let outer = store.subscribeStates(onNext: { state in
      guard state.count == 2, inner.value == nil else { return }
      store.send(2)  // queued before the subscription: the child's first state is 2
      inner.value = path.subscribe(child, seen.append)
    })
    store.send(2)
    store.send(2)
    outer.dispose()
    inner.value?.dispose()
    #expect(seen.value == [2, 3])
  }

  @Test(arguments: Path.allCases)
  func statesOutliveTheStoreWithoutKeepingItAlive(path: Path) {
    weak var weakStore: Store<Twin>?
    let states: Observable<Int>
    do {
      let (store, child) = Self.storeAndHalfCount()
      weakStore = store
      child.send(5)
      states = child.states
    }
    #expect(weakStore == nil)
    let seen = Shared<[Int]>([])
    let subscription =
      Path.leaf == path
      ? states.subscribe(onNext: seen.append) : states.map { $0 }.subscribe(onNext: seen.append)
    #expect(seen.value == [2])  // the last state, mapped
    subscription.dispose()
  }
}
