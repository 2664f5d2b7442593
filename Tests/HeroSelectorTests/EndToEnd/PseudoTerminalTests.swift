import Foundation
import TestSupport
import Testing

@testable import HeroSelectorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive mode driven for real through a pseudo-terminal: raw keys, redraw in place,
/// colour rules, and the terminal restored on q, Ctrl-C and SIGTERM.
@Suite(.onOwnThread) struct PseudoTerminalTests {
  private func launchWith(_ terminal: PseudoTerminal, arguments: [String]) throws -> Process {
    try launch(terminal, arguments: arguments)
  }

  private func launch(
    _ terminal: PseudoTerminal, environment: [String: String] = [:], arguments: [String] = []
  ) throws -> Process {
    let executable = try #require(heroSelector.url)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["TERM"] = "xterm-256color"
    env.merge(environment) { $1 }
    process.environment = env
    try process.run()
    return process
  }

  private func waitForExit(_ process: Process) -> Int32? {
    if !eventually({ !process.isRunning }) {
      process.terminate()
      return nil
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func keysDriveTheScreenAndQRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal()
    let cookedFlags = terminal.localFlags
    #expect(cookedFlags & tcflag_t(ICANON) != 0)
    let process = try launch(terminal)
    #expect(terminal.waitFor("Enter select · q quit"))
    #expect(terminal.plainOutput.contains("Son-Goku"))
    #expect(terminal.localFlags & tcflag_t(ICANON | ECHO) == 0)  // raw while running

    terminal.type("\u{1B}[C")  // → arrow
    #expect(terminal.waitFor("YoRHa 2B"))
    terminal.type("l")
    #expect(terminal.waitFor("Lara Croft"))
    terminal.type("l")  // no next hero: nothing is emitted
    terminal.type("\r")  // Enter
    #expect(terminal.waitFor("You selected Lara Croft"))
    terminal.type("\u{1B}")  // a lone Esc, told apart from an arrow by the timeout
    #expect(terminal.waitFor("Arrows: ← previous", count: 2))
    terminal.type("\u{1B}OD")  // ← in application mode
    #expect(terminal.waitFor("YoRHa 2B", count: 2))
    terminal.type("q")
    #expect(waitForExit(process) == 0)
    #expect(terminal.localFlags == cookedFlags)
    terminal.drain()

    let raw = terminal.rawOutput
    // The cursor is hidden while drawing, then shown again.
    #expect(raw.contains("\u{1B}[?25l") && raw.hasSuffix("\u{1B}[0m\u{1B}[?25h"))
    #expect(raw.contains("\r\u{1B}[7A\u{1B}[J"))  // redrawn in place over the previous screen
    #expect(raw.contains("\u{1B}[32m"))  // colour: a terminal, NO_COLOR unset
    // Screens in order: first, 2B, Lara, alert, Lara, 2B — the extra "l" emitted nothing.
    #expect(terminal.plainOutput.components(separatedBy: "Stamina").count - 1 == 6)
  }

  @Test func aNarrowTerminalGetsTheShortFormRedrawnInPlace() throws {
    let terminal = try PseudoTerminal()
    terminal.setSize(columns: 30, rows: 24)
    let process = try launch(terminal)
    #expect(terminal.waitFor("Son-Goku S7 P7 St5"))
    terminal.type("l")
    #expect(terminal.waitFor("YoRHa 2B S10 P5 St5"))
    terminal.type("q")
    #expect(waitForExit(process) == 0)
    terminal.drain()
    #expect(!terminal.plainOutput.contains("Speed"))  // no full screen piled into 30 columns
    #expect(terminal.rawOutput.contains("\r\u{1B}[3A\u{1B}[J"))  // up by the 3 rows drawn
  }

  @Test func aResizeRedrawsTheScreenForTheNewSize() throws {
    let terminal = try PseudoTerminal()
    terminal.setSize(columns: 100, rows: 30)
    let process = try launch(terminal)
    #expect(terminal.waitFor("Enter select · q quit"))
    terminal.setSize(columns: 30, rows: 24)
    kill(process.processIdentifier, SIGWINCH)  // what the terminal sends its foreground job
    #expect(terminal.waitFor("Son-Goku S7 P7 St5"))
    #expect(terminal.rawOutput.contains("\u{1B}[H\u{1B}[2J"))  // cleared, then drawn anew
    terminal.setSize(columns: 100, rows: 30)
    kill(process.processIdentifier, SIGWINCH)
    #expect(terminal.waitFor("Enter select · q quit", count: 2))
    terminal.type("q")
    #expect(waitForExit(process) == 0)
  }

  @Test func wrappedLinesAreCountedByScreenRows() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let roster = directory.appendingPathComponent("heroes.json").path
    let long = String(repeating: "N", count: 70)  // wraps to 2 rows in 50 columns
    try Data(
      #"[{"name":"\#(long)","speed":1,"power":2,"stamina":3},{"name":"B","speed":1,"power":2,"stamina":3}]"#
        .utf8
    )
    .write(to: URL(fileURLWithPath: roster))
    let terminal = try PseudoTerminal()
    terminal.setSize(columns: 50, rows: 40)
    let process = try launchWith(terminal, arguments: ["--heroes", roster])
    #expect(terminal.waitFor("Enter select · q quit"))
    terminal.type("l")
    #expect(terminal.waitFor("Enter select · q quit", count: 2))
    terminal.type("q")
    #expect(waitForExit(process) == 0)
    terminal.drain()
    // 7 lines, one of them two rows high: the redraw moves up 8 rows.
    #expect(terminal.rawOutput.contains("\r\u{1B}[8A\u{1B}[J"))
  }

  @Test func enterAndSpacePressTheAlertsDismissButton() throws {
    let terminal = try PseudoTerminal()
    let process = try launch(terminal)
    #expect(terminal.waitFor("Enter select · q quit"))
    terminal.type("\r")
    #expect(terminal.waitFor("You selected Son-Goku"))
    terminal.type("\r")  // Enter on the alert: dismiss, not select again
    #expect(terminal.waitFor("Enter select · q quit", count: 2))
    terminal.type(" ")  // Space selects on the hero screen…
    #expect(terminal.waitFor("You selected Son-Goku", count: 2))
    terminal.type(" ")  // …and dismisses on the alert
    #expect(terminal.waitFor("Enter select · q quit", count: 3))
    terminal.type("\u{04}")  // Ctrl-D quits
    #expect(waitForExit(process) == 0)
  }

  @Test func noColorAndCtrlC() throws {
    let terminal = try PseudoTerminal()
    let cookedFlags = terminal.localFlags
    let process = try launch(terminal, environment: ["NO_COLOR": "1"])
    #expect(terminal.waitFor("q quit"))
    terminal.type("\u{03}")  // Ctrl-C arrives as a byte in raw mode
    #expect(waitForExit(process) == 130)
    #expect(terminal.localFlags == cookedFlags)
    #expect(!terminal.rawOutput.contains("\u{1B}[32m"))
    #expect(!terminal.rawOutput.contains("\u{1B}[1m"))
  }

  @Test func travelStepsThroughARecordedSessionShowingTheHeroScreen() throws {
    let directory = try heroSelector.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("session.jsonl").path
    let recorded = try heroSelector.run(["--record", log], stdin: "next\nselect\n")
    #expect(recorded.exitCode == 0)
    let terminal = try PseudoTerminal()
    let cookedFlags = terminal.localFlags
    let process = try launch(
      terminal, environment: ["NO_COLOR": "1"], arguments: ["--travel", log])
    #expect(terminal.waitFor("step 0 of 2 · initial state"))
    #expect(terminal.waitFor("Son-Goku"))
    terminal.type("\u{1B}[C")  // →
    #expect(terminal.waitFor("step 1 of 2 · intent next · "))
    #expect(terminal.waitFor("YoRHa 2B"))
    terminal.type("\u{1B}[F")  // End
    #expect(terminal.waitFor("step 2 of 2 · intent select · "))
    #expect(terminal.waitFor("You selected YoRHa 2B"))
    terminal.type("\u{1B}[H")  // Home
    #expect(terminal.waitFor("step 0 of 2 · initial state", count: 2))
    terminal.type("\u{1B}[C")
    terminal.type("s")  // skip step 1: step 2 selects the first hero
    #expect(terminal.waitFor("step 1 of 2 · intent next · (skipped)"))
    terminal.type("\u{1B}[C")
    #expect(terminal.waitFor("You selected Son-Goku"))
    terminal.type("e")
    let testFile = directory.appendingPathComponent("sessionTests.swift").path
    #expect(terminal.waitFor("wrote \(testFile)"))
    #expect(
      try String(contentsOfFile: testFile, encoding: .utf8).contains(
        "@Test func recordedHeroSession() {"))
    terminal.type("q")
    #expect(waitForExit(process) == 0)
    #expect(terminal.localFlags == cookedFlags)
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal()
    let cookedFlags = terminal.localFlags
    let process = try launch(terminal)
    #expect(terminal.waitFor("q quit"))
    kill(process.processIdentifier, SIGTERM)
    #expect(waitForExit(process) == 128 + SIGTERM)
    #expect(terminal.localFlags == cookedFlags)
  }

  @Test func jsonFormatInATerminalPrintsLinesAndRecordsKeys() throws {
    let recorded = try heroSelector.temporaryDirectory().appendingPathComponent(
      "keys.jsonl")
    let second = try PseudoTerminal()
    let recording = try launchJSON(second, record: recorded.path)
    #expect(second.waitFor(#""state":"presenting""#))
    second.type("ls\u{1B}q")
    #expect(waitForExit(recording) == 0)
    second.drain()
    #expect(
      second.plainOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 4)
    // q stops the program: not an intent the store handles, so not recorded.
    let session = try String(contentsOf: recorded, encoding: .utf8)
    #expect(
      session.split(separator: "\n").dropFirst().map { line in
        line.split(separator: ",").first { $0.hasPrefix(#"{"intent""#) } ?? ""
      } == [
        #"{"intent":{"intent":"next"}"#, #"{"intent":{"intent":"select"}"#,
        #"{"intent":{"intent":"dismiss"}"#,
      ])
    try? FileManager.default.removeItem(at: recorded.deletingLastPathComponent())
  }

  private func launchJSON(_ terminal: PseudoTerminal, record: String) throws -> Process {
    let executable = try #require(heroSelector.url)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--format", "json", "--record", record]
    let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    return process
  }
}
