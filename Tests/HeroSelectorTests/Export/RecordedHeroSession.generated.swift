// swift-format-ignore-file
// Generated from a recorded session of HeroFeature by SessionTestExport.
// Regenerate it rather than edit it.
import ReactiveMVI
import ReactiveMVITesting
import Testing

@testable import HeroSelectorKit

@Test func recordedHeroSession() {
  replayRecordedHeroSession(HeroFeature(roster: .default))
}

/// The session's intents sent to `feature` (its effects replaced by the recorded outputs),
/// asserting the recorded states; failures go to `reporter`.
func replayRecordedHeroSession<F: Feature>(
  _ feature: F, reporter: TestStoreReporter = .default
) where F.State == HeroState, F.Intent == HeroIntent, F.Result == HeroIntent, F.Event == Never {
  let store = TestStore(
    initialState: .presenting(Hero(name: "Son-Goku", speed: 7, power: 7, stamina: 5), previousAvailable: false, nextAvailable: true),
    feature: RecordedEffects(
      feature,
      steps: [
        .init(number: 1, intent: .next, outputs: [.result(.next)]),
        .init(number: 2, intent: .next, outputs: [.result(.next)]),
        .init(number: 3, intent: .select, outputs: [.result(.select)]),
        .init(number: 4, intent: .next, outputs: [.result(.next)]),
        .init(number: 5, intent: .dismiss, outputs: [.result(.dismiss)]),
        .init(number: 6, intent: .previous, outputs: [.result(.previous)]),
      ]),
    reporter: reporter)
  store.send(.next) { $0 = .presenting(Hero(name: "YoRHa 2B", speed: 10, power: 5, stamina: 5), previousAvailable: true, nextAvailable: true) }
  store.send(.next) { $0 = .presenting(Hero(name: "Lara Croft", speed: 6, power: 6, stamina: 7), previousAvailable: true, nextAvailable: false) }
  store.send(.select) { $0 = .selected(Hero(name: "Lara Croft", speed: 6, power: 6, stamina: 7)) }
  store.send(.next)
  store.send(.dismiss) { $0 = .presenting(Hero(name: "Lara Croft", speed: 6, power: 6, stamina: 7), previousAvailable: true, nextAvailable: false) }
  store.send(.previous) { $0 = .presenting(Hero(name: "YoRHa 2B", speed: 10, power: 5, stamina: 5), previousAvailable: true, nextAvailable: true) }
  store.finish()
}
