import Foundation
import TestSupport
import Testing

@testable import HeroSelectorKit

/// End-to-end: the built executable with scripted input and bad inputs.
@Suite(.onOwnThread) struct ExecutableTests {
  let heroes = Roster.default.heroes
  func json(_ state: HeroState) -> String { JSONRenderer.render(state) }
  func presenting(_ index: Int) -> HeroState {
    .presenting(heroes[index], previousAvailable: index > 0, nextAvailable: index < 2)
  }

  @Test func noInputShowsTheFirstHeroAndExits0() throws {
    let result = try heroSelector.run([])
    #expect(result.exitCode == 0)
    #expect(result.stdout == TextRenderer().render(presenting(0)) + "\n")
    #expect(result.stderr == "")
  }

  @Test func scriptedStdinRendersEveryEmittedState() throws {
    let script = """
      # a scripted session
      next

      n   # alias, with a trailing comment
      next
      select
      next
      dismiss
      PREVIOUS
      """
    let result = try heroSelector.run(["--format", "json"], stdin: script)
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    let expected = [
      presenting(0), presenting(1), presenting(2), .selected(heroes[2]), presenting(2),
      presenting(1),
    ]
    #expect(result.stdout == expected.map { json($0) + "\n" }.joined())
  }

  @Test func textStatesAreSeparatedByABlankLine() throws {
    let result = try heroSelector.run(["--intents", "select,dismiss"])
    #expect(result.exitCode == 0)
    let renderer = TextRenderer()
    #expect(
      result.stdout
        == [presenting(0), .selected(heroes[0]), presenting(0)].map { renderer.render($0) + "\n" }
        .joined(separator: "\n"))
  }

  @Test func quitStopsAtOnce() throws {
    let result = try heroSelector.run(
      ["--format=json"], stdin: "next\nquit\nnext\njump\n")
    #expect(result.exitCode == 0)
    #expect(result.stdout == json(presenting(0)) + "\n" + json(presenting(1)) + "\n")
    #expect(result.stderr == "")
  }

  @Test func helpPrintsTheContract() throws {
    let result = try heroSelector.run(["--help"])
    #expect(result.exitCode == 0)
    #expect(result.stdout == Options.usage)
    // The keys and exit codes a person needs (Ctrl-D quits, 130/143 listed).
    #expect(result.stdout.contains("Ctrl-D"))
    #expect(result.stdout.contains("130 / 143"))
    #expect(result.stdout.contains("74"))
  }

  @Test func usageErrorsExit64() throws {
    let cases: [([String], String)] = [
      (["--bogus"], "hero-selector: unknown option '--bogus' (see hero-selector --help)\n"),
      (
        ["--format", "xml"],
        "hero-selector: unknown format 'xml' for --format; expected text or json (see hero-selector --help)\n"
      ),
      (["--heroes"], "hero-selector: option '--heroes' needs a value (see hero-selector --help)\n"),
      (
        ["--intents", "next,fly"],
        "hero-selector: --intents: unknown intent 'fly' (item 2); expected next, previous, select, dismiss, quit (or n, p, s, d, q) (see hero-selector --help)\n"
      ),
      (
        ["--intents", ""],
        "hero-selector: --intents: the list is empty; expected next, previous, select, dismiss, quit (or n, p, s, d, q) (see hero-selector --help)\n"
      ),
      (
        ["--intents", "n,,s"],
        "hero-selector: --intents: item 2 is empty (two commas, or a comma at an end) (see hero-selector --help)\n"
      ),
    ]
    for (arguments, message) in cases {
      let result = try heroSelector.run(arguments)
      #expect(result.exitCode == 64, "\(arguments)")
      #expect(result.stderr == message)
      #expect(result.stdout == "")
    }
  }

  @Test func unknownIntentOnStdinKeepsEarlierStatesAndExits65() throws {
    let result = try heroSelector.run(
      ["--format", "json"], stdin: "next\n\n  jump  \nnext\n")
    #expect(result.exitCode == 65)
    #expect(result.stdout == json(presenting(0)) + "\n" + json(presenting(1)) + "\n")
    #expect(
      result.stderr
        == "hero-selector: <stdin>:3: unknown intent 'jump'; expected next, previous, select, dismiss, quit (or n, p, s, d, q)\n"
    )
  }

  @Test func badRostersExit65NamingFileAndPosition() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(String, String)] = [
      (
        "[\n  {\"name\": \"A\",\n   \"speed\": 7 \"power\": 1}\n]",
        "3:15: malformed JSON: expected ',' or '}', found character '\"'"
      ),
      ("[]", "1:1: the roster is empty: it needs at least one hero"),
      ("", "1:1: malformed JSON: expected a JSON value, found end of file"),
      (
        #"[{"name":"A","speed":7,"power":12,"stamina":1}]"#,
        "1:32: hero \"A\": power 12 is outside 0...10"
      ),
      (
        "[{\"name\":\"A\",\"speed\":7,\"power\":1,\"stamina\":1},\n {\"name\":\"A\",\"speed\":7,\"power\":1,\"stamina\":1}]",
        "2:10: duplicate hero name \"A\" (first on line 1)"
      ),
      // The stat grammar: no sign, no leading zero.
      (
        #"[{"name":"A","speed":-0,"power":1,"stamina":1}]"#,
        "1:22: hero \"A\": speed must be a whole number from 0 to 10, found -0"
      ),
      (
        #"[{"name":"A","speed":007,"power":1,"stamina":1}]"#,
        "1:22: hero \"A\": speed must be a whole number from 0 to 10, found 007"
      ),
    ]
    for (index, (content, message)) in cases.enumerated() {
      let file = directory.appendingPathComponent("roster\(index).json")
      try Data(content.utf8).write(to: file)
      let result = try heroSelector.run(["--heroes", file.path, "--intents", "next"])
      #expect(result.exitCode == 65)
      #expect(result.stderr == "hero-selector: \(file.path):\(message)\n")
      #expect(result.stdout == "")
    }
    let missing = try heroSelector.run([
      "--heroes", directory.appendingPathComponent("nope.json").path,
    ])
    #expect(missing.exitCode == 65)
    #expect(
      missing.stderr
        == "hero-selector: cannot read roster '\(directory.appendingPathComponent("nope.json").path)': No such file or directory\n"
    )
  }

  @Test func customRoster() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("two.json")
    try Data(
      #"[{"name":"Ann","speed":1,"power":2,"stamina":3},{"name":"Bob","speed":10,"power":0,"stamina":4}]"#
        .utf8
    )
    .write(to: file)
    let result = try heroSelector.run([
      "--heroes", file.path, "--format", "json", "--intents", "n,n,s",
    ])
    #expect(result.exitCode == 0)
    #expect(
      result.stdout == """
        {"state":"presenting","hero":{"name":"Ann","speed":1,"power":2,"stamina":3},"previousAvailable":false,"nextAvailable":true}
        {"state":"presenting","hero":{"name":"Bob","speed":10,"power":0,"stamina":4},"previousAvailable":true,"nextAvailable":false}
        {"state":"selected","hero":{"name":"Bob","speed":10,"power":0,"stamina":4}}

        """)
  }

  @Test func recordThenReplayReproducesTheSameStates() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("session.jsonl").path
    let script = "next\nnext\nnext\nselect\nprevious\ndismiss\nprevious\nselect\ndismiss\n"
    let recorded = try heroSelector.run(
      ["--format", "json", "--record", log], stdin: script)
    #expect(recorded.exitCode == 0)
    #expect(recorded.stdout.split(separator: "\n").count == 8)
    let logText = try String(contentsOfFile: log, encoding: .utf8)
    let lines = logText.split(separator: "\n")
    #expect(lines.count == 10)  // the header and one step per intent
    #expect(lines[0].contains(#""feature":"HeroFeature","format":"reactivemvi-session""#))
    #expect(
      lines[1].hasPrefix(
        #"{"intent":{"intent":"next"},"outputs":[{"result":{"intent":"next"}}],"state":"#))
    let replayed = try heroSelector.run(["--format", "json", "--replay", log])
    #expect(replayed.exitCode == 0)
    #expect(replayed.stdout == recorded.stdout)
    // An intent log (lines {"intent":"next"}) still replays.
    let intentLog = directory.appendingPathComponent("intents.jsonl").path
    try Data(script.split(separator: "\n").map { #"{"intent":"\#($0)"}"# + "\n" }.joined().utf8)
      .write(to: URL(fileURLWithPath: intentLog))
    let fromLog = try heroSelector.run(["--format", "json", "--replay", intentLog])
    #expect(fromLog.stdout == recorded.stdout)
    // Recording again starts a new session (quit stops the program; it is not an intent the
    // store handles, so it is not recorded).
    let again = try heroSelector.run(["--record", log], stdin: "next\nquit\n")
    #expect(again.exitCode == 0)
    #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 2)
  }

  @Test func travelPrintsTheStateAfterAStepAndExportTestPrintsATest() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("session.jsonl").path
    let recorded = try heroSelector.run(
      ["--format", "json", "--record", log], stdin: "next\nselect\nnext\ndismiss\n")
    let states = recorded.stdout.split(separator: "\n").map { String($0) + "\n" }
    for (step, expected) in [
      (0, states[0]), (1, states[1]), (2, states[2]), (3, states[2]),
      (4, states[3]),
    ] {
      let travelled = try heroSelector.run(["--travel", log, "--at", "\(step)"])
      #expect(travelled.exitCode == 0)
      #expect(travelled.stdout == expected, "step \(step)")
    }
    let past = try heroSelector.run(["--travel", log, "--at", "5"])
    #expect(past.exitCode == 65)
    #expect(past.stderr == "hero-selector: --at 5: '\(log)' has 4 steps\n")

    let exported = try heroSelector.run(["--export-test", log])
    #expect(exported.exitCode == 0)
    #expect(exported.stdout.contains("@Test func recordedHeroSession() {"))
    #expect(
      exported.stdout.contains("  store.send(.select) { $0 = .selected(Hero(name: \"YoRHa 2B\""))

    // A crash mid-write: the last line cut short is dropped, with a warning.
    let text = try String(contentsOfFile: log, encoding: .utf8)
    try Data(text.dropLast(30).utf8).write(to: URL(fileURLWithPath: log))
    let cut = try heroSelector.run(["--travel", log, "--at", "3"])
    #expect(cut.exitCode == 0)
    #expect(cut.stdout == states[2])
    #expect(
      cut.stderr
        == "hero-selector: warning: \(log):5: the last line is cut short (a recording that "
        + "stopped mid-write); the 3 complete steps are used\n")
    // Another feature's session, and a malformed line with its line and column.
    try Data(text.replacingOccurrences(of: "HeroFeature", with: "TodoFeature").utf8)
      .write(to: URL(fileURLWithPath: log))
    let other = try heroSelector.run(["--travel", log, "--at", "1"])
    #expect(other.exitCode == 65)
    #expect(
      other.stderr
        == "hero-selector: \(log): the session was recorded from feature TodoFeature, not HeroFeature\n"
    )
    try Data(text.replacingOccurrences(of: #""step":2"#, with: #""step":2,,"#).utf8)
      .write(to: URL(fileURLWithPath: log))
    let malformed = try heroSelector.run(["--travel", log, "--at", "1"])
    #expect(malformed.exitCode == 65)
    #expect(malformed.stderr.hasPrefix("hero-selector: \(log): line 3, column "))
  }

  @Test func malformedReplayLineExits65WithFileAndLine() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("bad.jsonl").path
    try Data("{\"intent\":\"next\"}\n\n{\"intent\":\"next\"\n{\"intent\":\"next\"}\n".utf8)
      .write(to: URL(fileURLWithPath: log))
    let result = try heroSelector.run(["--format", "json", "--replay", log])
    #expect(result.exitCode == 65)
    #expect(result.stdout == "")  // the whole log is checked first: nothing is drawn
    #expect(
      result.stderr
        == "hero-selector: \(log):3:17: malformed JSON: expected ',' or '}', found end of file\n")

    try Data("{\"intent\":\"fly\"}\n".utf8).write(to: URL(fileURLWithPath: log))
    let unknown = try heroSelector.run(["--replay", log])
    #expect(unknown.exitCode == 65)
    #expect(unknown.stderr.hasPrefix("hero-selector: \(log):1: unknown intent 'fly'"))

    let missing = try heroSelector.run(["--replay", log + ".missing"])
    #expect(missing.exitCode == 65)
    #expect(
      missing.stderr
        == "hero-selector: cannot read replay log '\(log).missing': No such file or directory\n")
  }

  @Test func binaryGarbageOnStdinIsADataErrorNotACrash() throws {
    let result = try heroSelector.run([], stdin: "next\n\u{01}\u{7F}\u{FFFD}\n")
    #expect(result.exitCode == 65)
    #expect(result.stderr.hasPrefix("hero-selector: <stdin>:2: unknown intent"))
  }

  @Test func unwritableRecordFileIsADataError() throws {
    let result = try heroSelector.run(
      ["--record", "/nonexistent/dir/log.jsonl"], stdin: "next\n")
    #expect(result.exitCode == 65)
    #expect(
      result.stderr
        == "hero-selector: cannot write record file '/nonexistent/dir/log.jsonl': No such file or directory\n"
    )
    #expect(result.stdout == "")
  }

  @Test func lastLineWithoutNewlineAndQuitInIntents() throws {
    let stdin = try heroSelector.run(["--format", "json"], stdin: "next")
    #expect(stdin.stdout == json(presenting(0)) + "\n" + json(presenting(1)) + "\n")
    let list = try heroSelector.run(["--format", "json", "--intents", "n, q, n"])
    #expect(list.exitCode == 0)
    #expect(list.stdout == json(presenting(0)) + "\n" + json(presenting(1)) + "\n")
  }
}
