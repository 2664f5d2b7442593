import Testing

@testable import HeroSelectorKit

@Suite struct OptionsTests {
  func usageError(_ arguments: [String]) -> String? {
    do {
      _ = try Options.parse(arguments)
      return nil
    } catch {
      #expect(error.exitCode == 64)
      return error.message
    }
  }

  @Test func defaults() throws {
    let options = try Options.parse([])
    #expect(options == Options())
    #expect(options.format == .text && options.intents == nil && !options.help)
  }

  @Test func everyOption() throws {
    let options = try Options.parse([
      "--intents", "n, previous,S,dismiss,q", "--heroes=h.json", "--format", "json", "--record",
      "r.log",
    ])
    #expect(options.intents == [.next, .previous, .select, .dismiss, .quit])
    #expect(options.heroesPath == "h.json")
    #expect(options.format == .json)
    #expect(options.recordPath == "r.log")
    #expect(try Options.parse(["--replay", "r.log"]).replayPath == "r.log")
    #expect(try Options.parse(["-h"]).help)
    #expect(try Options.parse(["--format=text", "--help"]).help)
  }

  @Test func emptyIntentListsAndItemsAreUsageErrors() {
    #expect(
      usageError(["--intents", ""])
        == "--intents: the list is empty; expected next, previous, select, dismiss, quit (or n, p, s, d, q)"
    )
    #expect(
      usageError(["--intents", "n,,s"])
        == "--intents: item 2 is empty (two commas, or a comma at an end)")
    #expect(
      usageError(["--intents", "n,"])
        == "--intents: item 2 is empty (two commas, or a comma at an end)")
  }

  @Test func usageErrorsNameTheWord() {
    #expect(usageError(["--bogus"]) == "unknown option '--bogus'")
    #expect(usageError(["--bogus=1"]) == "unknown option '--bogus'")
    #expect(
      usageError(["next"]) == "unexpected argument 'next' (intents go in --intents or on stdin)")
    #expect(usageError(["--heroes"]) == "option '--heroes' needs a value")
    #expect(usageError(["--heroes="]) == "option '--heroes' needs a file name")
    #expect(
      usageError(["--format", "xml"]) == "unknown format 'xml' for --format; expected text or json")
    #expect(
      usageError(["--intents", "next,jump"])
        == "--intents: unknown intent 'jump' (item 2); expected next, previous, select, dismiss, quit (or n, p, s, d, q)"
    )
    #expect(
      usageError(["--format", "json", "--format", "text"]) == "option '--format' is given twice")
    #expect(
      usageError(["--intents", "n", "--replay", "x"])
        == "--intents and --replay cannot be used together")
  }

  @Test func usageTextListsTheContract() {
    for word in [
      "--intents LIST", "--heroes FILE", "--format text|json", "--record FILE", "--replay FILE",
      "--help", "64", "65",
    ] {
      #expect(Options.usage.contains(word), "\(word)")
    }
  }

  @Test func intentLogLines() throws {
    for intent in HeroIntent.allCases {
      #expect(
        try HeroIntentLog.parse(line: HeroIntentLog.line(for: intent), location: "l:1") == intent)
    }
    #expect(HeroIntentLog.line(for: .next) == #"{"intent":"next"}"#)
    #expect(try HeroIntentLog.parse(line: "  ", location: "l:1") == nil)
    #expect(
      throws: HeroSelectorError.data(
        "l:3:12: malformed JSON: expected ',' or '}', found end of file")
    ) {
      try HeroIntentLog.parse(line: #"{"intent":1"#, location: "l:3")
    }
    #expect(throws: HeroSelectorError.data("l:4: expected an object like {\"intent\":\"next\"}")) {
      try HeroIntentLog.parse(line: #"["next"]"#, location: "l:4")
    }
    #expect(throws: HeroSelectorError.data("l:5: \"intent\" must be a string, found a number")) {
      try HeroIntentLog.parse(line: #"{"intent":1}"#, location: "l:5")
    }
    #expect(
      throws: HeroSelectorError.data(
        "l:6: unknown intent 'jump'; expected next, previous, select, dismiss, quit (or n, p, s, d, q)"
      )
    ) {
      try HeroIntentLog.parse(line: #"{"intent":"jump"}"#, location: "l:6")
    }
  }
}
