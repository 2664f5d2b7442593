// `Store.dispose()` as a barrier: once it returns (on a thread that is not delivering), no
// `handle`, `reduce`, middleware call or state or event delivery starts; from inside the store's
// own turn it returns at once.

import Dispatch
import ReactiveMVI
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a stress round watches: whether `dispose()` has returned, and every callback of the store
/// that starts after that.
final class DisposeWatch: Sendable {
  let disposeReturned = Atomic<Bool>(false)
  let handled = Atomic<Int>(0)
  /// A state subscriber is inside its (slow) render.
  let rendering = Atomic<Bool>(false)
  /// Effect emissions started on other threads and not yet finished.
  let emitting = Atomic<Int>(0)
  let lateHandles = Atomic<Int>(0)
  let lateReduces = Atomic<Int>(0)
  let lateMiddlewareCalls = Atomic<Int>(0)
  let lateStates = Atomic<Int>(0)
  let lateEvents = Atomic<Int>(0)

  /// Counts a callback in `late` when it starts after `dispose()` returned.
  func started(_ late: borrowing Atomic<Int>) {
    if disposeReturned.load(ordering: .acquiring) { late.add(1, ordering: .relaxed) }
  }

  var lateCounts: [String: Int] {
    [
      "handle": lateHandles.load(ordering: .acquiring),
      "reduce": lateReduces.load(ordering: .acquiring),
      "middleware": lateMiddlewareCalls.load(ordering: .acquiring),
      "state": lateStates.load(ordering: .acquiring),
      "event": lateEvents.load(ordering: .acquiring),
    ]
  }
}

/// A feature whose intents reduce at once, publish an event, or start an effect that emits its
/// result later on another thread; every callback reports to the watch.
struct Watched: Feature {
  typealias State = Int
  typealias Intent = Int
  typealias Result = Int
  typealias Event = Int

  let watch: DisposeWatch

  func handle(_ intent: Int, state: Int) -> Effect<Int, Int> {
    watch.started(watch.lateHandles)
    watch.handled.add(1, ordering: .relaxed)
    switch intent % 3 {
    case 0: return .result(intent)
    case 1: return .merge(.event(intent), .result(intent))
    default:
      let watch = self.watch
      return .observable(
        Observable<Int>.create { observer in
          watch.emitting.add(1, ordering: .relaxed)
          // An observer may be called from any thread, one event at a time (as here).
          nonisolated(unsafe) let observer = observer
          DispatchQueue.global().async {
            observer.onNext(intent)
            observer.onCompleted()
            watch.emitting.subtract(1, ordering: .releasing)
          }
          return Disposables.create()
        })
    }
  }

  func reduce(_ state: Int, _ result: Int) -> Int {
    watch.started(watch.lateReduces)
    return state &+ result
  }
}

@Suite(.onOwnThread) struct StoreDisposeBarrierTests {
  /// Several threads send intents whose effects produce results on yet other threads; another
  /// thread disposes the store at a random point. Nothing of the store may start after
  /// `dispose()` returned. Seeded and repeated; the seed of a failing round is printed.
  @Test(arguments: [0x5EED_0001, 0x5EED_0002, 0x5EED_0003] as [UInt64])
  func nothingStartsAfterDisposeReturnsWhileOtherThreadsSend(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let senders = 3
    let intentsPerSender = 200
    for round in 0..<30 {
      let roundSeed = random.next()
      let late = disposeMidFlight(
        seed: roundSeed, senders: senders, intentsPerSender: intentsPerSender)
      #expect(
        late.values.allSatisfy { $0 == 0 },
        "round \(round), seed \(roundSeed): started after dispose() returned: \(late)")
      if late.values.contains(where: { $0 != 0 }) { return }
    }
  }

  /// One round: returns how many callbacks of each kind started after `dispose()` returned.
  func disposeMidFlight(seed: UInt64, senders: Int, intentsPerSender: Int) -> [String: Int] {
    var random = SeededGenerator(seed: seed)
    let watch = DisposeWatch()
    let middleware = Middleware<Watched> { _, _ in watch.started(watch.lateMiddlewareCalls) }
    let store = Store(initialState: 0, feature: Watched(watch: watch), middleware: [middleware])
    let states = store.subscribeStates(onNext: { _ in
      watch.started(watch.lateStates)
      // A render that takes a moment: the disposer aims at it, so dispose() lands mid-item.
      watch.rendering.store(true, ordering: .releasing)
      spin(20_000)
      watch.rendering.store(false, ordering: .releasing)
    })
    let leafStates = store.states.subscribe(onNext: { _ in watch.started(watch.lateStates) })
    let events = store.events.subscribe(onNext: { _ in watch.started(watch.lateEvents) })
    let disposeAfter = Int.random(in: 0..<(senders * intentsPerSender / 2), using: &random)
    let intentSeeds = (0..<senders).map { _ in random.next() }
    let group = DispatchGroup()
    let sendersLeft = Atomic<Int>(senders)
    let sendersDone = Atomic<Bool>(false)
    for sender in 0..<senders {
      DispatchQueue.global().async(group: group) {
        var random = SeededGenerator(seed: intentSeeds[sender])
        for _ in 0..<intentsPerSender { store.send(Int.random(in: 0..<1_000, using: &random)) }
        if sendersLeft.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
          sendersDone.store(true, ordering: .releasing)
        }
      }
    }
    DispatchQueue.global().async(group: group) {
      _ = eventually { watch.handled.load(ordering: .relaxed) >= disposeAfter }
      // Then while a render runs on a sender's thread (or once the senders are done).
      while !watch.rendering.load(ordering: .acquiring) && !sendersDone.load(ordering: .acquiring) {
        sched_yield()
      }
      store.dispose()
      watch.disposeReturned.store(true, ordering: .releasing)
    }
    #expect(wait(for: group, timeout: heavyDeadline), "seed \(seed): a hang")
    // Effects still emitting on their threads may reach the store only now.
    #expect(eventually { watch.emitting.load(ordering: .acquiring) == 0 })
    states.dispose()
    leafStates.dispose()
    events.dispose()
    return watch.lateCounts
  }

  /// The deterministic core of the barrier: a state subscriber is held inside its delivery on one
  /// thread while another disposes the store; `dispose()` returns only after the delivery
  /// finished.
  @Test func disposeFromAnotherThreadWaitsForTheDeliveryInProgress() {
    let store = Store(initialState: Twin.State(), feature: Twin())
    let callback = BlockingCallback()
    let subscription = store.subscribeStates(onNext: { state in
      if state.count == 1 { callback.run() }
    })
    let seen = callback.disposeWhileRunning(
      start: { store.send(1) }, dispose: { store.dispose() }, isClosed: { store.isDisposed })
    seen.expectTheBarrierHeld()
    subscription.dispose()
  }

  /// Where a dispose from inside the store's own turn comes from.
  enum Inside: String, CaseIterable, CustomTestStringConvertible {
    case stateSubscriber, middleware, effect, eventSubscriber
    var testDescription: String { rawValue }
  }

  /// A feature that asks for a dispose from inside its own effect when it handles `1`.
  struct SelfDisposing: Feature {
    // State, Intent, Result and Event are all Int (inferred from `handle` and `reduce`).
    let disposeFromEffect: Bool
    let store = Slot<Store<SelfDisposing>>()

    func handle(_ intent: Int, state: Int) -> Effect<Int, Int> {
      guard intent == 1, disposeFromEffect else { return .merge(.event(intent), .result(intent)) }
      let store = self.store
      return .merge(
        .observable(
          Observable<Int>.create { observer in
            store.value?.dispose()
            observer.onNext(100)  // queued behind the intent, then dropped
            return Disposables.create()
          }),
        .result(intent))
    }

    func reduce(_ state: Int, _ result: Int) -> Int { state + result }
    func effect(after result: Int, state: Int) -> Effect<Int, Int> {
      result == 1 ? .result(10) : .none  // skipped once disposed
    }
  }

  /// `dispose()` from a state subscriber, a middleware, an effect or an event subscriber, inside
  /// the store's turn: it returns (no deadlock, no waiting for itself), and nothing of the store
  /// starts afterwards; the intent queued behind is dropped.
  @Test(arguments: Inside.allCases)
  func disposeFromInsideTheStoresOwnTurnReturnsAtOnce(inside: Inside) {
    let feature = SelfDisposing(disposeFromEffect: inside == .effect)
    let returned = Atomic<Bool>(false)
    let afterDispose = Shared<[String]>([])
    let disposeOnce: () -> Void = {
      guard let store = feature.store.value, !store.isDisposed else { return }
      store.dispose()
      returned.store(true, ordering: .releasing)
    }
    let middleware = Middleware<SelfDisposing> { activity, _ in
      if returned.load(ordering: .acquiring) { afterDispose.append("middleware \(activity)") }
      if inside == .middleware, case .stateChanged(_, 1) = activity { disposeOnce() }
    }
    let store = Store(initialState: 0, feature: feature, middleware: [middleware])
    feature.store.value = store
    let states = store.subscribeStates(onNext: { state in
      if returned.load(ordering: .acquiring) { afterDispose.append("state \(state)") }
      if inside == .stateSubscriber, state == 1 {
        store.send(2)  // queued behind this item
        disposeOnce()
      }
    })
    let events = store.events.subscribe(onNext: { event in
      if returned.load(ordering: .acquiring) { afterDispose.append("event \(event)") }
      if inside == .eventSubscriber, event == 1 { disposeOnce() }
    })
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      store.send(1)
      store.send(2)
      finished.signal()
    }
    #expect(wait(for: finished), "dispose deadlocked")
    #expect(store.isDisposed)
    #expect(afterDispose.value == [])
    #expect(store.state == (inside == .eventSubscriber || inside == .effect ? 0 : 1))
    states.dispose()
    events.dispose()
    feature.store.value = nil
  }
}

/// A reference set once, before the closures that read it run (ordered by the store's turn).
final class Slot<Value: AnyObject>: @unchecked Sendable {
  var value: Value?
}

/// A short busy loop that the optimizer keeps.
func spin(_ rounds: Int) {
  var x = 0
  for index in 0..<rounds { x = x &* 31 &+ index }
  if x == 42 { print("") }
}
