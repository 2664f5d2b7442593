import Testing

@testable import HeroSelectorKit

@Suite struct HeroReducerTests {
  let reducer = HeroReducer(roster: .default)
  var goku: Hero { Roster.default.heroes[0] }
  var twoB: Hero { Roster.default.heroes[1] }
  var lara: Hero { Roster.default.heroes[2] }

  func presenting(_ hero: Hero, _ previous: Bool, _ next: Bool) -> HeroState {
    .presenting(hero, previousAvailable: previous, nextAvailable: next)
  }

  @Test func initialStatePresentsTheFirstHero() {
    #expect(reducer.initialState == presenting(goku, false, true))
  }

  @Test func everyTransition() {
    let first = presenting(goku, false, true)
    let middle = presenting(twoB, true, true)
    let last = presenting(lara, true, false)
    let table: [(HeroState, HeroIntent, HeroState?)] = [
      // first hero: only next moves
      (first, .next, middle), (first, .previous, nil), (first, .select, .selected(goku)),
      (first, .dismiss, nil), (first, .quit, nil),
      // middle hero: both arrows
      (middle, .next, last), (middle, .previous, first), (middle, .select, .selected(twoB)),
      (middle, .dismiss, nil), (middle, .quit, nil),
      // last hero: only previous moves
      (last, .next, nil), (last, .previous, middle), (last, .select, .selected(lara)),
      (last, .dismiss, nil), (last, .quit, nil),
      // alert showing: only dismiss acts, and presents the same hero again
      (.selected(goku), .dismiss, first), (.selected(twoB), .dismiss, middle),
      (.selected(lara), .dismiss, last),
      (.selected(twoB), .next, nil), (.selected(twoB), .previous, nil),
      (.selected(twoB), .select, nil), (.selected(twoB), .quit, nil),
    ]
    for (state, intent, expected) in table {
      #expect(reducer.reduce(state, intent) == expected, "\(state) + \(intent)")
    }
  }

  @Test func singleHeroRoster() throws {
    let solo = Hero(name: "Solo", speed: 1, power: 2, stamina: 3)
    let reducer = HeroReducer(roster: try Roster(heroes: [solo]))
    let only = presenting(solo, false, false)
    #expect(reducer.initialState == only)
    #expect(reducer.reduce(only, .next) == nil)
    #expect(reducer.reduce(only, .previous) == nil)
    #expect(reducer.reduce(only, .select) == .selected(solo))
    #expect(reducer.reduce(.selected(solo), .dismiss) == only)
  }

  @Test func intentWordsAndAliases() {
    for intent in HeroIntent.allCases {
      #expect(HeroIntent(word: intent.rawValue) == intent)
      #expect(HeroIntent(word: String(intent.rawValue.prefix(1))) == intent)
      #expect(HeroIntent(word: " \(intent.rawValue.uppercased())\t") == intent)
    }
    #expect(HeroIntent(word: "jump") == nil)
    #expect(HeroIntent(word: "") == nil)
    #expect(HeroIntent(word: "nex") == nil)
  }
}
