import ReactiveMVI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--travel FILE` in a terminal, for any app: the app's own screen for the step under the
/// cursor, with a timeline line (step k of n, what the step did, the fields it changed). ←/→ (or
/// h/l) one step, Home/End the first and last, `s` skips or unskips the step (later states
/// recomputed), `e` writes the exported test, `q` (or Ctrl-C, Ctrl-D) quits. The terminal is
/// always restored, also on SIGINT, SIGTERM or SIGHUP (exit 128 + the signal).
public struct TravelScreen<F: Feature> {
  /// The travel the keys move through.
  public private(set) var travel: TimeTravel<F>
  let input: Int32
  let output: Int32
  let render: (F.State) -> [String]
  let describe: (Session<F>.Step) -> String
  let testPath: String
  let exportedTest: () -> String

  /// - Parameters:
  ///   - travel: where to start (usually at step 0).
  ///   - input: the terminal's input descriptor, put in raw mode while the screen runs.
  ///   - output: where the screen is drawn.
  ///   - render: the app's own screen for a state, one string per line.
  ///   - describe: what a step did, for the timeline (default: `intent …`, or `result …` for a
  ///     step an effect's result started).
  ///   - testPath: where `e` writes the exported test (see `exportedTestPath(forSession:)`).
  ///   - exportedTest: the session's exported test, Swift source (made when `e` is pressed).
  public init(
    travel: TimeTravel<F>, input: Int32, output: Int32,
    render: @escaping (F.State) -> [String],
    describe: @escaping (Session<F>.Step) -> String = { TravelScreen.defaultDescription($0) },
    testPath: String, exportedTest: @escaping () -> String
  ) {
    self.travel = travel
    self.input = input
    self.output = output
    self.render = render
    self.describe = describe
    self.testPath = testPath
    self.exportedTest = exportedTest
  }

  /// `intent …`, or `result …, …` for a step an effect's result started.
  public static func defaultDescription(_ step: Session<F>.Step) -> String {
    step.intent.map { "intent \($0)" }
      ?? "result " + step.results.map { "\($0)" }.joined(separator: ", ")
  }

  /// Runs the key loop until a quit key, the end of input or a termination signal; returns the
  /// exit code (0, 130 for Ctrl-C, 128 + N for signal N).
  public mutating func run() throws(TerminalError) -> Int32 {
    let terminal = try RawTerminal(fd: input)
    let signals = PendingSignals()
    defer {
      emit("\u{1B}[0m\u{1B}[?25h")
      terminal.restore()
      signals.release()
    }
    emit("\u{1B}[?25l")
    var message = ""
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      draw(message: message)
      message = ""
      var keys: [Key] = []
      while keys.isEmpty {
        if let signal = signals.take(), signal != SIGWINCH { return 128 + signal }
        var pollfd = Terminal.inputPollDescriptor(fd: input)
        let ready = poll(
          &pollfd, 1, decoder.isPending ? Terminal.escapeTimeoutMilliseconds : 200)
        if ready < 0 {
          if errno == EINTR { continue }
          return 0
        }
        if ready == 0 {
          if decoder.isPending { keys = decoder.timeout() }
          continue
        }
        let count = buffer.withUnsafeMutableBytes { posixRead(input, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 { return 0 }
        keys = decoder.feed(buffer[0..<count])
      }
      for key in keys {
        switch key {
        case .left, .character(UInt8(ascii: "h")): travel.stepBack()
        case .right, .character(UInt8(ascii: "l")): travel.stepForward()
        case .home: travel.jump(to: 0)
        case .end: travel.jump(to: travel.stepCount)
        case .character(UInt8(ascii: "s")): travel.toggleSkip(travel.position)
        case .character(UInt8(ascii: "e")): message = writeExportedTest()
        case .character(UInt8(ascii: "q")), .character(UInt8(ascii: "Q")), .interrupt,
          .endOfInput:
          return key == .interrupt ? 130 : 0
        default: break
        }
      }
    }
  }

  /// The app's screen for the travelled state, the timeline line and the key hints (or the
  /// message of the last key).
  public func screen(message: String = "") -> [String] {
    var lines = render(travel.state)
    lines.append("")
    lines.append(timeline())
    lines.append(
      message.isEmpty ? "←/→ step · Home/End · s skip · e export test · q quit" : message)
    return lines
  }

  /// `step k of n · what it did · field: old → new; …` (`initial state` at step 0, `(skipped)`
  /// for a skipped step, `no change` for a step that changed nothing).
  public func timeline() -> String {
    let position = travel.position
    var parts = ["step \(position) of \(travel.stepCount)"]
    guard position > 0 else { return (parts + ["initial state"]).joined(separator: " · ") }
    parts.append(describe(travel.step(position)))
    if travel.isSkipped(position) {
      parts.append("(skipped)")
    } else {
      let changes = travel.changes(at: position)
      parts.append(changes.isEmpty ? "no change" : changes.joined(separator: "; "))
    }
    return parts.joined(separator: " · ")
  }

  /// Writes the exported test to `testPath`; the line to show: where it went, or why not.
  func writeExportedTest() -> String {
    let path = testPath.escapingControlCharacters
    do throws(FileIO.Failure) {
      try FileIO.replace(testPath, with: exportedTest())
      return "wrote \(path)"
    } catch {
      return "cannot write \(path): \(error.message)"
    }
  }

  func draw(message: String) {
    emit("\u{1B}[H\u{1B}[2J" + screen(message: message).map { $0 + "\r\n" }.joined())
  }

  func emit(_ text: String) { try? FileIO.writeAll(output, text) }
}

/// Where a time-travel screen's `e` writes the exported test of the session at `path`:
/// `NAME.jsonl` gives `NAMETests.swift` beside it (any other name gets `Tests.swift` appended).
public func exportedTestPath(forSession path: String) -> String {
  (path.hasSuffix(".jsonl") ? String(path.dropLast(".jsonl".count)) : path) + "Tests.swift"
}
