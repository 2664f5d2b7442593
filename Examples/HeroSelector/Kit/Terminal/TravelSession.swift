import ReactiveMVI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--travel FILE` in a terminal: the real hero screen for the step under the cursor, with a
/// timeline line (step k of n, what the step did, the fields it changed). ←/→ one step, Home/End
/// the first and last, `s` skips or unskips the step (later states recomputed), `e` writes the
/// exported test beside the session, `q` quits. The terminal is always restored.
struct TravelSession {
  let session: Session<HeroFeature>
  let roster: Roster
  let path: String
  let input: Int32
  let output: Int32

  /// Where `e` writes the test: `NAME.jsonl` gives `NAMETests.swift` beside it.
  var testPath: String {
    (path.hasSuffix(".jsonl") ? String(path.dropLast(".jsonl".count)) : path) + "Tests.swift"
  }

  func run() throws(HeroSelectorError) -> Int32 {
    let terminal = try RawTerminal(fd: input)
    let signals = PendingSignals()
    defer {
      emit("\u{1B}[0m\u{1B}[?25h")
      terminal.restore()
      signals.release()
    }
    emit("\u{1B}[?25l")
    let feature = HeroFeature(roster: roster)
    let renderer = TextRenderer(color: InteractiveSession.colorAllowed(output: output))
    var travel = TimeTravel(session: session, feature: feature)
    var message = ""
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      draw(travel, renderer: renderer, message: message)
      message = ""
      var keys: [Key] = []
      while keys.isEmpty {
        if let signal = signals.take(), signal != SIGWINCH { return 128 + signal }
        var pollfd = inputPollDescriptor(fd: input)
        let ready = poll(
          &pollfd, 1, decoder.isPending ? InteractiveSession.escapeTimeoutMilliseconds : 200)
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
        case .character(UInt8(ascii: "e")):
          let source = SessionTestExport.swiftTesting(
            session: session, feature: feature, testName: "recordedHeroSession",
            featureExpression: "HeroFeature(roster: .default)",
            imports: ["@testable import HeroSelectorKit"])
          do {
            try FileIO.replace(testPath, with: source)
            message = "wrote \(testPath)"
          } catch {
            message = "cannot write \(testPath): \(error.message)"
          }
        case .character(UInt8(ascii: "q")), .character(UInt8(ascii: "Q")), .interrupt,
          .endOfInput:
          return key == .interrupt ? 130 : 0
        default: break
        }
      }
    }
  }

  /// The hero screen of the travelled state, the timeline line and the key hints.
  func draw(_ travel: TimeTravel<HeroFeature>, renderer: TextRenderer, message: String) {
    var lines = renderer.lines(for: travel.state)
    lines.append("")
    lines.append(timeline(travel))
    lines.append(
      message.isEmpty ? "←/→ step · Home/End · s skip · e export test · q quit" : message)
    emit("\u{1B}[H\u{1B}[2J" + lines.map { $0 + "\r\n" }.joined())
  }

  /// `step k of n · next · hero: … → …` (or `initial state`), `(skipped)` for a skipped step.
  func timeline(_ travel: TimeTravel<HeroFeature>) -> String {
    let position = travel.position
    var parts = ["step \(position) of \(travel.stepCount)"]
    guard position > 0 else { return (parts + ["initial state"]).joined(separator: " · ") }
    let step = travel.step(position)
    parts.append(
      step.intent.map { "intent \($0.rawValue)" }
        ?? "result " + step.results.map(\.rawValue).joined(separator: ", "))
    if travel.isSkipped(position) {
      parts.append("(skipped)")
    } else {
      let changes = travel.changes(at: position)
      parts.append(changes.isEmpty ? "no change" : changes.joined(separator: "; "))
    }
    return parts.joined(separator: " · ")
  }

  func emit(_ text: String) { try? FileIO.writeAll(output, text) }
}
