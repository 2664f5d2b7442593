import Foundation
import ReactiveMVI
import TestSupport
import Testing

@testable import TodoKit

@Suite struct TodoSessionTests {
  /// `--travel FILE` in a terminal: the list screen of each step, the timeline, skipping with
  /// the later states recomputed, the exported test written beside the session, and `q`.
  @Test(.onOwnThread) func travelInATerminalStepsSkipsAndExports() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let session = directory.appendingPathComponent("session.jsonl").path
    let recorded = try todoExecutable.run(
      ["--file", file, "--save-delay", "0", "--record", session],
      stdin: "add Milk\nadd Bread\ntoggle 1\n")
    #expect(recorded.exitCode == 0)
    let steps =
      try String(contentsOfFile: session, encoding: .utf8).split(separator: "\n").count - 1

    let terminal = try PseudoTerminal()
    let running = try todoExecutable.start(
      ["--travel", session], stdin: .descriptor(terminal.slave))
    terminal.closeSlave()  // the child has its own copy
    // Each expected text must appear after the previous one: the screens come in order.
    var seen = "".endIndex
    var screens = ""
    func waitForScreen(_ text: String) -> Bool {
      eventually(timeout: heavyDeadline) {
        screens = stripAnsi(running.stdoutSoFar)
        guard seen <= screens.endIndex, let found = screens[seen...].range(of: text) else {
          return false
        }
        seen = found.upperBound
        return true
      }
    }
    #expect(waitForScreen("Todos (all): 0 of 0 left"))
    #expect(waitForScreen("step 0 of \(steps) · initial state"))
    terminal.type("\u{1B}[C")  // →
    #expect(waitForScreen("  [ ] 1. Milk"))
    #expect(waitForScreen("step 1 of \(steps) · intent add(\"Milk\") · "))
    terminal.type("\u{1B}[F")  // End
    #expect(waitForScreen("  [x] 1. Milk\r\n  [ ] 2. Bread"))
    #expect(waitForScreen("step \(steps) of \(steps) · "))
    terminal.type("\u{1B}[H")  // Home
    #expect(waitForScreen("step 0 of \(steps) · initial state"))
    terminal.type("\u{1B}[C")
    terminal.type("s")  // skip adding Milk: Bread becomes item 1, and `toggle 1` marks it
    #expect(waitForScreen("step 1 of \(steps) · intent add(\"Milk\") · (skipped)"))
    terminal.type("\u{1B}[F")
    #expect(waitForScreen("  [x] 1. Bread"))
    terminal.type("e")
    let testFile = directory.appendingPathComponent("sessionTests.swift").path
    #expect(waitForScreen("wrote \(testFile)"))
    #expect(
      try String(contentsOfFile: testFile, encoding: .utf8).contains(
        "@Test func recordedTodoSession() {"))
    terminal.type("q")
    let result = try running.wait()
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    // The list file is the recording's, untouched by travelling and skipping.
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Milk"))
  }

  @Test func travelWithoutATerminalNeedsAStep() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = directory.appendingPathComponent("session.jsonl").path
    _ = try todoExecutable.run(
      ["--file", directory.appendingPathComponent("todos.json").path, "--record", session],
      stdin: "add Milk\n")
    let result = try todoExecutable.run(["--travel", session])
    #expect(result.exitCode == 64)
    #expect(
      result.stderr
        == "todo: --travel FILE without --at N needs a terminal (the interactive timeline)\n")
    let atAlone = try todoExecutable.run(["--at", "1"])
    #expect(atAlone.exitCode == 64)
    #expect(atAlone.stderr == "todo: --at N needs --travel FILE (see todo --help)\n")
  }

  @Test func recordTravelAndExportTest() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let session = directory.appendingPathComponent("session.jsonl").path
    let script = "add Milk\nadd Bread\ntoggle 1\nfilter done\n"
    let recorded = try todoExecutable.run(
      ["--file", file, "--format", "json", "--save-delay", "0", "--record", session],
      stdin: script)
    #expect(recorded.exitCode == 0)
    let screens = recorded.stdout.split(separator: "\n").map { String($0) + "\n" }
    #expect(screens.count == 4)
    let lines = try String(contentsOfFile: session, encoding: .utf8).split(separator: "\n")
    #expect(lines[0].contains(#""feature":"TodoFeature","format":"reactivemvi-session""#))
    // The result of `add` and the save it starts at once are one step.
    #expect(
      lines[1].hasPrefix(
        #"{"intent":{"add":{"_0":"Milk"}},"outputs":[{"result":{"added":{"_0":"Milk"}}},{"result":{"saveStarted":{}}}]"#
      ))

    // The state after the last step, as --format json prints it: the last screen, saved.
    let steps = lines.count - 1
    let last = try todoExecutable.run(["--travel", session, "--at", "\(steps)"])
    #expect(last.exitCode == 0)
    #expect(last.stdout.contains(#""items":[{"done":true,"id":1,"title":"Milk"}]"#))
    #expect(last.stdout.contains(#""filter":"done""#))
    let first = try todoExecutable.run(["--travel", session, "--at", "1"])
    #expect(
      first.stdout.hasPrefix(
        #"{"filter":"all","items":[{"done":false,"id":1,"title":"Milk"}],"left":1,"status":"saving""#
      ))
    let past = try todoExecutable.run(["--travel", session, "--at", "\(steps + 1)"])
    #expect(past.exitCode == 65)
    #expect(past.stderr == "todo: --at \(steps + 1): '\(session)' has \(steps) steps\n")

    let exported = try todoExecutable.run(["--export-test", session])
    #expect(exported.exitCode == 0)
    #expect(exported.stdout.contains("@Test func recordedTodoSession() {"))
    #expect(exported.stdout.contains(#"  store.send(.add("Milk")) {"#))
    // Whether the first save lands before `add Bread` cancels it depends on how the script's
    // lines and the main queue interleave; the last save, of both items, is received in every order.
    #expect(exported.stdout.contains("  store.receive(.saved(count: 2))"))

    // Another feature's session is refused, naming both.
    let text = try String(contentsOfFile: session, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "TodoFeature", with: "HeroFeature").utf8)
      .write(to: URL(fileURLWithPath: session))
    let other = try todoExecutable.run(["--travel", session, "--at", "1"])
    #expect(other.exitCode == 65)
    #expect(
      other.stderr
        == "todo: \(session): the session was recorded from feature HeroFeature, not TodoFeature\n")
  }
}
