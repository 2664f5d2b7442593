// "Nothing changed": a reduced state that the feature calls unchanged (by default, one equal to
// the current state when `State` is `Equatable`) is not published.

import ReactiveMVI
import Testing

/// A level clamped to 0...2: `up` at the top reduces to an equal state.
struct Clamp: Feature {
  struct State: Equatable { var level = 0 }
  enum Intent { case up, down }

  func reduce(_ state: State, _ intent: Intent) -> State {
    switch intent {
    case .up: State(level: min(state.level + 1, 2))
    case .down: State(level: max(state.level - 1, 0))
    }
  }

  func effect(after intent: Intent, state: State) -> Effect<Intent, Never> {
    afterEffects.append(state.level)
    return .none
  }

  let afterEffects = Shared<[Int]>([])
}

/// The same clamp over a state that is not `Equatable`: every reduced result is published.
struct OpaqueClamp: Feature {
  struct State { var level = 0 }
  enum Intent { case up }

  func reduce(_ state: State, _ intent: Intent) -> State { State(level: min(state.level + 1, 2)) }
}

/// An `Equatable` state compared by its version only: the feature decides what counts as a change.
struct Versioned: Feature {
  struct State: Equatable {
    var version = 0
    var scratch = 0
  }
  enum Intent { case touch, bump }

  func reduce(_ state: State, _ intent: Intent) -> State {
    var state = state
    switch intent {
    case .touch: state.scratch += 1
    case .bump: state.version += 1
    }
    return state
  }

  func stateHasChanged(from old: State, to new: State) -> Bool { old.version != new.version }
}

@Suite struct StoreUnchangedStateTests {
  @Test func anEquatableStateEqualToTheCurrentOneIsNotPublished() {
    let changes = Shared<[String]>([])
    let middleware = Middleware<Clamp> { activity, _ in
      if case .stateChanged(let old, let new) = activity {
        changes.append("\(old.level)->\(new.level)")
      }
    }
    let feature = Clamp()
    let store = Store(initialState: Clamp.State(), feature: feature, middleware: [middleware])
    let direct = Shared<[Int]>([])
    let leaf = Shared<[Int]>([])
    let first = store.subscribeStates(onNext: { direct.append($0.level) })
    let second = store.states.subscribe(onNext: { leaf.append($0.level) })
    store.send(contentsOf: [.up, .up, .up, .up, .down, .down, .down])
    #expect(direct.value == [0, 1, 2, 1, 0])
    #expect(leaf.value == [0, 1, 2, 1, 0])
    #expect(changes.value == ["0->1", "1->2", "2->1", "1->0"])
    // The effect after a result runs for every reduced result, changed or not.
    #expect(feature.afterEffects.value == [1, 2, 2, 2, 1, 0, 0])
    first.dispose()
    second.dispose()
  }

  @Test func withoutMiddlewareToo() {
    let store = Store(initialState: Clamp.State(), feature: Clamp())
    let seen = Shared<[Int]>([])
    let subscription = store.subscribeStates(onNext: { seen.append($0.level) })
    store.send(contentsOf: [.up, .up, .up, .down])
    #expect(seen.value == [0, 1, 2, 1])
    #expect(store.state.level == 1)
    subscription.dispose()
  }

  @Test func aStateThatIsNotEquatableIsPublishedForEveryResult() {
    let store = Store(initialState: OpaqueClamp.State(), feature: OpaqueClamp())
    let seen = Shared<[Int]>([])
    let subscription = store.states.subscribe(onNext: { seen.append($0.level) })
    store.send(contentsOf: [.up, .up, .up, .up])
    #expect(seen.value == [0, 1, 2, 2, 2])
    subscription.dispose()
  }

  @Test func theFeatureDecidesWhatCountsAsAChange() {
    let store = Store(initialState: Versioned.State(), feature: Versioned())
    let seen = Shared<[Int]>([])
    let subscription = store.subscribeStates(onNext: { seen.append($0.version) })
    store.send(contentsOf: [.touch, .bump, .touch, .touch, .bump])
    #expect(seen.value == [0, 1, 2])
    // An unchanged state is dropped: each result is reduced from the last published state.
    #expect(store.state == Versioned.State(version: 2, scratch: 0))
    subscription.dispose()
  }
}
