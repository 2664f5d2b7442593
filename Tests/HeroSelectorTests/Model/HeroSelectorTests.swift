import Testing

@testable import HeroSelectorKit

@Suite struct HeroSelectorTests {
  let roster = Roster.default

  @Test func startsOnTheFirstHeroOfTheDefaultRoster() {
    let selector = HeroSelector(roster: roster)
    #expect(selector.currentHero == Hero(name: "Son-Goku", speed: 7, power: 7, stamina: 5))
    #expect(roster.heroes.map(\.name) == ["Son-Goku", "YoRHa 2B", "Lara Croft"])
    #expect(roster.heroes[1] == Hero(name: "YoRHa 2B", speed: 10, power: 5, stamina: 5))
    #expect(roster.heroes[2] == Hero(name: "Lara Croft", speed: 6, power: 6, stamina: 7))
  }

  @Test func readingNeverMovesTheCursor() {
    let selector = HeroSelector(roster: roster)
    for _ in 0..<5 {
      _ = selector.nextAvailable
      _ = selector.previousAvailable
      _ = selector.currentHero
      _ = selector.presentingState
    }
    #expect(selector.cursor == 0)
    #expect(selector.currentHero.name == "Son-Goku")
  }

  @Test func movesOnlyWhenPossible() {
    var selector = HeroSelector(roster: roster)
    #expect(!selector.previousAvailable && selector.nextAvailable)
    var moved = selector.moveToPrevious()
    #expect(!moved && selector.cursor == 0)
    moved = selector.moveToNext()
    #expect(moved && selector.previousAvailable && selector.nextAvailable)
    moved = selector.moveToNext()
    #expect(moved && selector.currentHero.name == "Lara Croft")
    #expect(selector.previousAvailable && !selector.nextAvailable)
    moved = selector.moveToNext()
    #expect(!moved && selector.cursor == 2)
    moved = selector.moveToPrevious()
    #expect(moved && selector.currentHero.name == "YoRHa 2B")
  }

  @Test func aSingleHeroHasNoArrows() throws {
    let solo = try Roster(heroes: [Hero(name: "Solo", speed: 0, power: 10, stamina: 1)])
    var selector = HeroSelector(roster: solo)
    #expect(
      selector.presentingState
        == .presenting(solo.heroes[0], previousAvailable: false, nextAvailable: false))
    let movedNext = selector.moveToNext()
    let movedPrevious = selector.moveToPrevious()
    #expect(!movedNext && !movedPrevious)
  }

  @Test func rosterValidation() {
    #expect(throws: HeroSelectorError.data("the roster is empty: it needs at least one hero")) {
      try Roster(heroes: [])
    }
    #expect(throws: HeroSelectorError.data("hero \"X\": power 11 is outside 0...10")) {
      try Roster(heroes: [Hero(name: "X", speed: 1, power: 11, stamina: 1)])
    }
    #expect(throws: HeroSelectorError.data("hero \"X\": speed -1 is outside 0...10")) {
      try Roster(heroes: [Hero(name: "X", speed: -1, power: 1, stamina: 1)])
    }
    #expect(throws: HeroSelectorError.data("duplicate hero name \"X\"")) {
      try Roster(heroes: [
        Hero(name: "X", speed: 1, power: 1, stamina: 1),
        Hero(name: "X", speed: 2, power: 2, stamina: 2),
      ])
    }
  }
}
