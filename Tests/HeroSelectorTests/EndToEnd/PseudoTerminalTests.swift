import Foundation
import TestSupport
import Testing

@testable import HeroSelectorKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair: the program gets the slave side as its stdin/stdout/stderr (so it is
/// interactive), the test types into and reads from the master side.
private final class PseudoTerminal {
  let master: Int32
  let slave: Int32
  private(set) var output: [UInt8] = []

  init() throws {
    // posix_openpt and friends are not imported by the Glibc module: look them up at run time.
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    let process = dlopen(nil, RTLD_NOW)
    defer { if let process { dlclose(process) } }
    guard let openpt = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
      let unlock = dlsym(process, "unlockpt"), let ptsname = dlsym(process, "ptsname")
    else { throw POSIXError(.ENOSYS) }
    master = unsafeBitCast(openpt, to: IntFunction.self)(O_RDWR | O_NOCTTY)
    guard master >= 0, unsafeBitCast(grant, to: IntFunction.self)(master) == 0,
      unsafeBitCast(unlock, to: IntFunction.self)(master) == 0,
      let name = unsafeBitCast(ptsname, to: NameFunction.self)(master)
    else { throw POSIXError(.ENODEV) }
    slave = open(String(cString: name), O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.ENODEV) }
  }

  deinit {
    close(master)
    close(slave)
  }

  /// Sets the terminal's size, as a terminal emulator does when its window changes.
  func setSize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// The output so far with ANSI escapes removed.
  var plainOutput: String { stripAnsi(String(decoding: output, as: UTF8.self)) }
  var rawOutput: String { String(decoding: output, as: UTF8.self) }

  /// Reads output until `condition` holds (true) or the heavy deadline (a child process runs)
  /// passes (false).
  func waitFor(_ condition: (PseudoTerminal) -> Bool) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: heavyDeadline)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition(self) {
      if ContinuousClock.now > deadline { return false }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 50) > 0 {
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { output.append(contentsOf: buffer[0..<count]) }
      }
    }
    return true
  }

  /// Reads what is already buffered (the output of a process that has exited).
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { return }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      output.append(contentsOf: buffer[0..<count])
    }
  }

  func waitFor(_ text: String) -> Bool { waitFor { $0.plainOutput.contains(text) } }

  /// Waits until `text` occurs `count` times in the output.
  func waitFor(_ text: String, count: Int) -> Bool {
    waitFor { $0.plainOutput.components(separatedBy: text).count - 1 >= count }
  }

  var localFlags: tcflag_t {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings.c_lflag
  }
}

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
