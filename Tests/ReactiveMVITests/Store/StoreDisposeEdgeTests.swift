// "Once `dispose()` returns, nothing further starts", on every path user code can dispose from:
// `reduce`, `stateHasChanged`, a subscriber, the deinitializer of the state a publish displaces;
// with and without middleware (the store lends its state on the path without). And a subscriber
// that comes after `dispose()` still gets the last state.

import ReactiveCore
import ReactiveEngine
import ReactiveMVI
import Testing

/// Where a test feature disposes its store from.
enum DisposePoint: Sendable {
  case reduce, stateHasChanged, never
}

/// The store a feature or a state's deinitializer disposes (set once the store exists).
final class DisposeTarget: @unchecked Sendable {
  private let store = Locked<(any Disposable)?>(nil)
  init() {}
  func set(_ disposable: any Disposable) { store.withLock { $0 = disposable } }
  func dispose() { store.withLock { $0 }?.dispose() }
}

/// Disposes the target when it is released (held by a state, so released when that state is).
final class DisposeOnRelease: @unchecked Sendable {
  let target: DisposeTarget
  init(_ target: DisposeTarget) { self.target = target }
  deinit { target.dispose() }
}

/// Counts intents into the state; disposes the store from `reduce` or `stateHasChanged` at the
/// intent `at`, and records every `effect(after:)` call.
struct SelfDisposing: Feature {
  struct State {
    var count = 0
    var token: DisposeOnRelease?
  }

  let point: DisposePoint
  let at: Int
  let target: DisposeTarget
  let effects: Shared<[Int]>

  func reduce(_ state: State, _ intent: Int) -> State {
    if point == .reduce && intent == at { target.dispose() }
    return State(count: state.count + 1, token: nil)
  }

  func stateHasChanged(from old: State, to new: State) -> Bool {
    if point == .stateHasChanged && new.count == at { target.dispose() }
    return true
  }

  func effect(after intent: Int, state: State) -> Effect<Int, Never> {
    effects.append(intent)
    return .none
  }
}

@Suite struct StoreDisposeEdgeTests {
  /// A store of `SelfDisposing`, with or without a middleware, its first state holding `token`.
  static func makeStore(
    point: DisposePoint, at: Int, middleware: Bool, token: DisposeOnRelease? = nil,
    target: DisposeTarget, effects: Shared<[Int]>
  ) -> Store<SelfDisposing> {
    let store = Store(
      initialState: SelfDisposing.State(token: token),
      feature: SelfDisposing(point: point, at: at, target: target, effects: effects),
      middleware: middleware ? [Middleware { _, _ in }] : [])
    target.set(store)
    return store
  }

  /// The states seen through `states` (an operator chain's leaf) and through `subscribeStates`
  /// (the store's own list), and both subscriptions.
  static func subscribeBoth(to store: Store<SelfDisposing>) -> (
    seen: Shared<[Int]>, direct: Shared<[Int]>, subscriptions: Disposable
  ) {
    let seen = Shared<[Int]>([])
    let leaf = store.states.subscribe(onNext: { seen.append($0.count) })
    let direct = Shared<[Int]>([])
    let closure = store.subscribeStates(onNext: { direct.append($0.count) })
    return (seen, direct, Disposables.create(leaf, closure))
  }

  @Test(arguments: [DisposePoint.reduce, .stateHasChanged], [false, true])
  func disposeFromTheFeatureStopsItsOwnStep(point: DisposePoint, middleware: Bool) {
    let target = DisposeTarget()
    let effects = Shared<[Int]>([])
    let store = Self.makeStore(
      point: point, at: 2, middleware: middleware, target: target, effects: effects)
    let (seen, direct, subscriptions) = Self.subscribeBoth(to: store)
    store.send(1)
    store.send(2)
    store.send(3)
    #expect(store.isDisposed)
    // The step that disposed is not published, delivered or followed by its effect.
    #expect(store.state.count == 1)
    #expect(seen.value == [0, 1])
    #expect(direct.value == [0, 1])
    #expect(effects.value == [1])
    subscriptions.dispose()
  }

  @Test(arguments: [false, true])
  func disposeFromADisplacedStatesDeinitStopsDelivery(middleware: Bool) {
    let target = DisposeTarget()
    let effects = Shared<[Int]>([])
    // The initial state fills both slots: the second publish displaces and releases it.
    let store = Self.makeStore(
      point: .never, at: 0, middleware: middleware, token: DisposeOnRelease(target),
      target: target, effects: effects)
    let (seen, direct, subscriptions) = Self.subscribeBoth(to: store)
    store.send(1)
    #expect(!store.isDisposed)
    store.send(2)
    #expect(store.isDisposed)
    #expect(seen.value == [0, 1])
    #expect(direct.value == [0, 1])
    #expect(effects.value == [1])
    subscriptions.dispose()
  }

  @Test(arguments: [false, true])
  func disposeFromASubscriberStopsTheRestOfTheStep(middleware: Bool) {
    let target = DisposeTarget()
    let effects = Shared<[Int]>([])
    let store = Self.makeStore(
      point: .never, at: 0, middleware: middleware, target: target, effects: effects)
    let first = Shared<[Int]>([])
    let disposer = store.subscribeStates(onNext: { state in
      first.append(state.count)
      if state.count == 2 { target.dispose() }
    })
    let later = Shared<[Int]>([])
    let leaf = store.states.subscribe(onNext: { later.append($0.count) })
    store.send(1)
    store.send(2)
    store.send(3)
    #expect(store.isDisposed)
    #expect(first.value == [0, 1, 2])
    // The delivery that disposed finishes with the remaining subscribers (the step already
    // running), and no effect follows it.
    #expect(later.value == [0, 1, 2])
    #expect(effects.value == [1])
    disposer.dispose()
    leaf.dispose()
  }

  @Test func aSubscriberAfterDisposeGetsTheLastState() {
    let store = Store(initialState: Counter.State(), feature: Counter())
    store.send(.increment)
    store.send(.increment)
    store.dispose()

    var events: [Event<Int>] = []
    let leaf = store.states.map(\.count).subscribe { events.append($0) }
    #expect(events == [.next(2)])
    var direct: [Int] = []
    let closure = store.subscribeStates(onNext: { direct.append($0.count) })
    #expect(direct == [2])
    let scope = store.scope(state: \.count, intent: { (_: Void) in Counter.Intent.increment })
    var scoped: [Int] = []
    let scopedLeaf = scope.states.subscribe(onNext: { scoped.append($0) })
    #expect(scoped == [2])
    let inner = scope.scope(state: { $0 * 10 }, intent: { (_: Void) in () })
    var innerStates: [Int] = []
    let innerLeaf = inner.states.subscribe(onNext: { innerStates.append($0) })
    #expect(innerStates == [20])
    #expect(store.state.count == 2)
    for disposable in [leaf, closure, scopedLeaf, innerLeaf] { disposable.dispose() }
  }

  @Test func aSubscriberQueuedWhenTheStoreIsDisposedGetsTheLastState() {
    // A subscription made inside a delivery is queued; the store disposed in the same delivery
    // drops it, and the request still hands the subscriber the last state.
    let store = Store(initialState: Counter.State(), feature: Counter())
    var late: [Int] = []
    var lateSubscription: (any Disposable)?
    let trigger = store.subscribeStates(onNext: { state in
      guard state.count == 1 else { return }
      lateSubscription = store.subscribeStates(onNext: { late.append($0.count) })
      store.dispose()
    })
    store.send(.increment)
    #expect(store.isDisposed)
    #expect(late == [1])
    trigger.dispose()
    lateSubscription?.dispose()
  }
}
