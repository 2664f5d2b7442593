import ReactiveCore
import ReactiveMVI
import Testing

@testable import HeroSelectorKit

@Suite struct HeroFeatureTests {
  let heroes = Roster.default.heroes

  @Test func theStoreEmitsOnlyForIntentsThatChangeTheState() {
    let feature = HeroFeature(roster: .default)
    let store = Store(initialState: feature.reducer.initialState, feature: feature)
    var states: [HeroState] = []
    let subscription = store.states.subscribe(onNext: { states.append($0) })
    store.send(contentsOf: [.previous, .select, .next, .select, .dismiss, .dismiss, .quit])
    subscription.dispose()
    store.dispose()
    #expect(
      states == [
        .presenting(heroes[0], previousAvailable: false, nextAvailable: true),
        .selected(heroes[0]),
        .presenting(heroes[0], previousAvailable: false, nextAvailable: true),
      ])
  }

  @Test func reduceAgreesWithTheReducerForEveryEffectiveIntent() {
    let feature = HeroFeature(roster: .default)
    var state = feature.reducer.initialState
    for intent: HeroIntent in [.next, .select, .dismiss, .next, .previous, .previous] {
      let expected = feature.reducer.reduce(state, intent)
      #expect(expected != nil)
      state = feature.reduce(state, intent)
      #expect(state == expected)
    }
  }
}
