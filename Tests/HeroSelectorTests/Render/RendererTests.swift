import TestSupport
import Testing

@testable import HeroSelectorKit

@Suite struct RendererTests {
  let heroes = Roster.default.heroes

  @Test func textPresentingFirstHero() {
    let text = TextRenderer().render(
      .presenting(heroes[0], previousAvailable: false, nextAvailable: true))
    #expect(
      text == """
        Son-Goku
          Speed    ███████░░░   7
          Power    ███████░░░   7
          Stamina  █████░░░░░   5
          Arrows: → next
        """)
  }

  @Test func textPresentingWithBothOrNoArrows() {
    let middle = TextRenderer().render(
      .presenting(heroes[1], previousAvailable: true, nextAvailable: true))
    #expect(
      middle == """
        YoRHa 2B
          Speed    ██████████  10
          Power    █████░░░░░   5
          Stamina  █████░░░░░   5
          Arrows: ← previous  → next
        """)
    let zero = Hero(name: "Zero", speed: 0, power: 0, stamina: 0)
    #expect(
      TextRenderer().render(.presenting(zero, previousAvailable: false, nextAvailable: false))
        == """
        Zero
          Speed    ░░░░░░░░░░   0
          Power    ░░░░░░░░░░   0
          Stamina  ░░░░░░░░░░   0
          Arrows: none
        """)
  }

  @Test func textSelectedShowsTheAlert() {
    #expect(
      TextRenderer().render(.selected(heroes[2])) == """
        Lara Croft
          Speed    ██████░░░░   6
          Power    ██████░░░░   6
          Stamina  ███████░░░   7
        ╭───────────────────────────╮
        │  You selected Lara Croft  │
        │                           │
        │        [ Dismiss ]        │
        ╰───────────────────────────╯
        """)
  }

  @Test func colorOnlyWhenAsked() {
    let state = HeroState.selected(heroes[0])
    #expect(!TextRenderer(color: false).render(state).contains("\u{1B}"))
    let colored = TextRenderer(color: true).render(state)
    #expect(colored.contains("\u{1B}[1mSon-Goku\u{1B}[0m"))
    // Stripping the escapes gives the plain rendering back.
    #expect(stripAnsi(colored) == TextRenderer().render(state))
  }

  @Test func jsonGoldens() {
    #expect(
      JSONRenderer.render(.presenting(heroes[0], previousAvailable: false, nextAvailable: true))
        == #"{"state":"presenting","hero":{"name":"Son-Goku","speed":7,"power":7,"stamina":5},"previousAvailable":false,"nextAvailable":true}"#
    )
    #expect(
      JSONRenderer.render(.selected(heroes[1]))
        == #"{"state":"selected","hero":{"name":"YoRHa 2B","speed":10,"power":5,"stamina":5}}"#)
  }

  @Test func columnsAndTheShortForm() {
    #expect("Son-Goku".terminalColumns == 8)
    #expect("\u{1B}[1mbold\u{1B}[0m".terminalColumns == 4)
    #expect("悟空".terminalColumns == 4)
    #expect("████░".terminalColumns == 5)
    #expect("abcdefgh".truncated(toColumns: 5) == "abcd…")
    let lines = TextRenderer().shortLines(for: .selected(heroes[1]), width: 12)
    #expect(lines == ["YoRHa 2B S1…", "Selected! […"])
    #expect(lines.allSatisfy { $0.terminalColumns <= 12 })
  }

  @Test func jsonEscapesNames() {
    let odd = Hero(name: "Q\"uo\\te\n\u{01}é", speed: 1, power: 2, stamina: 3)
    #expect(
      JSONRenderer.render(odd) == #"{"name":"Q\"uo\\te\n\u0001é","speed":1,"power":2,"stamina":3}"#)
    // It reads back through the roster parser, which refuses control characters in names.
    let printable = Hero(name: "Q\"uo\\te é", speed: 1, power: 2, stamina: 3)
    let roster = try? Roster.parse("[" + JSONRenderer.render(printable) + "]", file: "x")
    #expect(roster?.heroes == [printable])
  }
}
