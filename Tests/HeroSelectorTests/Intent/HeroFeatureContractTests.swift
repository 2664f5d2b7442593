import ReactiveCore
import ReactiveMVI
import Testing

@testable import HeroSelectorKit

/// The hero feature keeps the `Feature` contract: `handle` produces results (here each intent is
/// its own result) and never calls the reducer; `reduce` is the pure `HeroReducer`; an intent
/// that changes nothing reduces to an equal state, which the store does not publish.
@Suite struct HeroFeatureContractTests {
  let heroes = Roster.default.heroes

  @Test func handleProducesTheIntentAsItsResultAndReduceIsTheReducer() {
    let feature = HeroFeature(roster: .default)
    let reducer = feature.reducer
    let start = reducer.initialState
    for intent in HeroIntent.allCases {
      #expect(feature.reduce(start, intent) == reducer.reduce(start, intent) ?? start)
      let selected = HeroState.selected(heroes[1])
      #expect(feature.reduce(selected, intent) == reducer.reduce(selected, intent) ?? selected)
    }
  }

  @Test func middlewareSeesAResultForEveryIntentAndAStateChangeOnlyForChanges() {
    var log: [String] = []  // the store runs on this thread (an idle store, one sender)
    let middleware = Middleware<HeroFeature> { activity, _ in
      switch activity {
      case .intent(let intent): log.append("intent \(intent)")
      case .result(let result, let origin): log.append("result \(result) \(origin)")
      case .stateChanged(_, let new): log.append("state \(new.hero.name)")
      case .event, .effectFailed: log.append("other")
      }
    }
    let feature = HeroFeature(roster: .default)
    let store = Store(
      initialState: feature.reducer.initialState, feature: feature, middleware: [middleware])
    store.send(contentsOf: [.previous, .next, .quit])
    #expect(
      log == [
        "intent previous", "result previous intent",
        "intent next", "result next intent", "state YoRHa 2B",
        "intent quit", "result quit intent",
      ])
    store.dispose()
  }
}
