import Observation
import Testing

@testable import ReactiveMVI

/// A feature with an Equatable field, another one, and a field that is not Equatable.
struct Profile: Feature {
  struct Tags { var values: [String] }  // deliberately not Equatable

  struct State {
    var count = 0
    var name = ""
    var tags = Tags(values: [])
    var log: [Int] = []
  }

  enum Intent: Sendable {
    case increment
    case rename(String)
    case tag(String)
    case record(Int)
  }

  enum Event: Equatable { case renamed(String) }

  func handle(_ intent: Intent, state: State) -> Effect<Intent, Event> {
    if case .rename(let name) = intent {
      return .merge(.result(intent), .event(.renamed(name)))
    }
    return .result(intent)
  }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .increment: state.count += 1
    case .rename(let name): state.name = name
    case .tag(let tag): state.tags.values.append(tag)
    case .record(let n): state.log.append(n)
    }
    return state
  }
}

/// Waits for the next Observation change of what `read` reads (event-driven: no polling).
@MainActor
func nextChange(_ read: @escaping () -> Void) async {
  await withCheckedContinuation { continuation in
    withObservationTracking(read, onChange: { continuation.resume() })
  }
}

/// Tracks what `read` reads and says whether a change was signalled since.
@MainActor
final class ChangeFlag {
  private(set) var fired = false
  init(_ read: @escaping () -> Void) {
    withObservationTracking(
      read,
      onChange: { [weak self] in
        MainActor.assumeIsolated { self?.fired = true }
      })
  }
}

// The waits fail after `localDeadline` (TestSupport); the time limit is the safety net for a hang
// anywhere else, long enough for ThreadSanitizer's slowdown.
@Suite(.timeLimit(.minutes(5)))
@MainActor
struct ViewStoreTests {
  func makeViewStore() -> ViewStore<Store<Profile>> {
    ViewStore(Store(initialState: Profile.State(), feature: Profile()))
  }

  /// Sends `intent` and waits until the adapter has applied the resulting state.
  func send(_ intent: Profile.Intent, to viewStore: ViewStore<Store<Profile>>) async {
    // Register before sending: the state may be applied before `send` returns.
    await withCheckedContinuation { continuation in
      withObservationTracking({ _ = viewStore.state }, onChange: { continuation.resume() })
      viewStore.send(intent)
    }
  }

  @Test func aFieldReadIsTrackedAloneAndOnlyWhenItChanges() async {
    let viewStore = makeViewStore()
    let countReader = ChangeFlag { _ = viewStore.count }
    let nameReader = ChangeFlag { _ = viewStore.name }
    await send(.rename("Ada"), to: viewStore)
    #expect(viewStore.name == "Ada")
    #expect(nameReader.fired)
    #expect(!countReader.fired)  // another field changed

    let countReader2 = ChangeFlag { _ = viewStore.count }
    await send(.rename("Ada"), to: viewStore)  // a new state with the same values
    #expect(!countReader2.fired)
    await send(.increment, to: viewStore)
    #expect(countReader2.fired)
    #expect(viewStore.count == 1)
  }

  @Test func aNonEquatableFieldNotifiesOnEveryNewState() async {
    let viewStore = makeViewStore()
    let tagsReader = ChangeFlag { _ = viewStore.tags }
    await send(.increment, to: viewStore)
    #expect(tagsReader.fired)
  }

  @Test func readingTheWholeStateTracksEveryChange() async {
    let viewStore = makeViewStore()
    let stateReader = ChangeFlag { _ = viewStore.state }
    await send(.increment, to: viewStore)
    #expect(stateReader.fired)
    #expect(viewStore.state.count == 1)
  }

  @Test func statesFromBackgroundThreadsArriveInOrderAndEndWithTheLatest() async {
    let viewStore = makeViewStore()
    var seen: [[Int]] = []
    var onMain = true
    viewStore.didApply = { state in
      onMain = onMain && MainScheduler.isMainThread
      seen.append(state.log)
    }
    let store = viewStore.store
    let total = 2_000
    await Task.detached {
      for n in 1...total { store.send(.record(n)) }
    }.value
    while viewStore.log.count < total {
      await nextChange { _ = viewStore.state }
    }
    #expect(onMain)
    #expect(viewStore.log == Array(1...total))
    // States may be skipped (coalesced), never reordered: each applied state is newer than the
    // one before, and the last one applied is the store's last.
    let counts = seen.map(\.count)
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "an older state was applied")
    #expect(seen.last == Array(1...total))
  }

  @Test func eventsArriveOnTheMainActor() async {
    let viewStore = makeViewStore()
    let received = await withCheckedContinuation { continuation in
      viewStore.onEvent { event in
        MainActor.assertIsolated()
        continuation.resume(returning: event)
      }
      Task.detached { [store = viewStore.store] in store.send(.rename("Grace")) }
    }
    #expect(received == .renamed("Grace"))
  }

  @Test func releasingTheAdapterReleasesTheStoreAndItsSubscription() async {
    weak var weakStore: Store<Profile>?
    weak var weakViewStore: ViewStore<Store<Profile>>?
    let live = Resources.tracking {
      var viewStore: ViewStore<Store<Profile>>? = makeViewStore()
      weakStore = viewStore?.store
      weakViewStore = viewStore
      viewStore?.onEvent { _ in }
      viewStore = nil
    }.live
    #expect(weakViewStore == nil)
    #expect(weakStore == nil)
    #expect(live == 0)
  }
}
