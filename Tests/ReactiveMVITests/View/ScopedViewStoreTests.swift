import Observation
import Testing

@testable import ReactiveMVI

/// What a child view of `Profile` reads: a scope with two fields.
struct ProfileHeader: Equatable {
  var count: Int
  var name: String
}

@Suite(.timeLimit(.minutes(5)))
@MainActor
struct ScopedViewStoreTests {
  func makeHeader() -> (Store<Profile>, ViewStore<ScopedStore<ProfileHeader, Profile.Intent>>) {
    let store = Store(initialState: Profile.State(), feature: Profile())
    let header = ViewStore(
      store.scope(state: { ProfileHeader(count: $0.count, name: $0.name) }, intent: { $0 }))
    return (store, header)
  }

  @Test func aViewStoreOverAScopeTracksEachFieldOfTheScopedState() async {
    let (_, header) = makeHeader()
    let countReader = ChangeFlag { _ = header.count }
    let nameReader = ChangeFlag { _ = header.name }
    header.send(.rename("Ada"))  // on the main thread: applied before `send` returns
    #expect(header.name == "Ada")
    #expect(nameReader.fired)
    #expect(!countReader.fired)
    let countReader2 = ChangeFlag { _ = header.count }
    header.send(.increment)
    #expect(header.count == 1)
    #expect(countReader2.fired)
  }

  @Test func aScopeOfAScopeFollowsTheParentStore() async {
    let store = Store(initialState: Profile.State(), feature: Profile())
    let count = ViewStore(
      store.scope(state: { $0 }, intent: { $0 })
        .scope(state: \.count, intent: { (_: Void) in Profile.Intent.increment }))
    count.send(())
    #expect(count.state == 1)
    // A state produced on another thread reaches the child view store too.
    await withCheckedContinuation { continuation in
      withObservationTracking({ _ = count.state }, onChange: { continuation.resume() })
      Task.detached { store.send(.increment) }
    }
    while count.state < 2 {
      await nextChange { _ = count.state }
    }
    #expect(count.state == 2)
    #expect(store.state.count == 2)
  }

  @Test func parentAndChildViewStoresShareOneStore() {
    let store = Store(initialState: Profile.State(), feature: Profile())
    let parent = ViewStore(store)
    let child = ViewStore(store.scope(state: \.name, intent: { Profile.Intent.rename($0) }))
    child.send("Grace")
    #expect(parent.name == "Grace")
    #expect(child.state == "Grace")
  }
}
