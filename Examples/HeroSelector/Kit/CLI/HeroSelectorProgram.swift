import ExampleTerminal
import ReactiveMVI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `hero-selector` program: parses the command line, loads the roster, wires the intent to
/// the render sink and feeds it intents from `--replay`, `--intents`, standard input or the
/// keyboard. Returns the exit code; the executable only calls `exit` with it.
public struct HeroSelectorProgram: Sendable {
  public var arguments: [String]
  public var input: Int32 = STDIN_FILENO
  public var output: Int32 = STDOUT_FILENO
  public var errorOutput: Int32 = STDERR_FILENO

  /// `arguments` without the program name.
  public init(arguments: [String]) { self.arguments = arguments }

  public func run() -> Int32 {
    signal(SIGPIPE, SIG_IGN)  // a closed stdout shows up as EPIPE, handled by the sink
    do {
      return try runThrowing()
    } catch {
      try? FileIO.writeAll(errorOutput, "hero-selector: \(error.message)\n")
      return error.exitCode
    }
  }

  private func runThrowing() throws(HeroSelectorError) -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      throw .usage(error.message + " (see hero-selector --help)")
    }
    if options.help {
      try? FileIO.writeAll(output, Options.usage)
      return 0
    }
    let roster =
      try options.heroesPath.map { path throws(HeroSelectorError) in
        try Roster.load(path: path)
      } ?? .default
    if let path = options.travelPath, options.travelStep == nil {
      guard isatty(input) == 1 else {
        throw .usage("--travel FILE without --at N needs a terminal (the interactive timeline)")
      }
      let session = try HeroSessionFile.open(path, roster: roster, warnings: errorOutput)
      return try TravelSession(
        session: session, roster: roster, path: path, input: input, output: output
      ).run()
    }
    if let path = options.travelPath, let step = options.travelStep {
      let session = try HeroSessionFile.open(path, roster: roster, warnings: errorOutput)
      guard step <= session.steps.count else {
        throw .data("--at \(step): '\(path)' has \(session.steps.count) steps")
      }
      var travel = TimeTravel(session: session, feature: HeroFeature(roster: roster))
      travel.jump(to: step)
      try write(JSONRenderer.render(travel.state) + "\n")
      return 0
    }
    if let path = options.exportTestPath {
      let session = try HeroSessionFile.open(path, roster: roster, warnings: errorOutput)
      let rosterExpression =
        options.heroesPath.map { "try! Roster.load(path: \(String(reflecting: $0)))" }
        ?? ".default"
      try write(
        SessionTestExport.swiftTesting(
          session: session, feature: HeroFeature(roster: roster), testName: "recordedHeroSession",
          featureExpression: "HeroFeature(roster: \(rosterExpression))",
          imports: ["@testable import HeroSelectorKit"]))
      return 0
    }
    let recorder = try options.recordPath.map { path throws(HeroSelectorError) in
      try SessionFileRecorder(path: path, roster: roster)
    }

    if options.intents == nil && options.replayPath == nil && isatty(input) == 1 {
      let session = InteractiveSession(
        roster: roster, format: options.format, recorder: recorder,
        input: input, output: output)
      return try session.run()
    }

    // The intents' source first: a replay log is read and checked whole before anything is
    // drawn, so an invalid or missing log renders nothing.
    var source = try IntentSource(options: options, roster: roster, input: input)
    let presenter = HeroPresenter(
      roster: roster, middleware: recorder.map { [$0.middleware] } ?? [])
    let sink = StateSink(fd: output, format: options.format)
    let binding = presenter.bind(to: sink)
    defer { binding.dispose() }
    while !sink.failed, let next = try source.next() {
      if next == .quit { break }
      presenter.send(next)
      try recorder?.check()
    }
    if let error = sink.writeError { throw error }
    return 0
  }

  private func write(_ text: String) throws(HeroSelectorError) {
    do { try FileIO.writeAll(output, text) } catch {
      throw .io("cannot write the output: \(error.message)")
    }
  }
}

/// Reads a recorded session for `--travel`, `--export-test` and `--replay`.
enum HeroSessionFile {
  /// The largest session accepted, in bytes.
  static let maximumSize = 256 << 20

  /// Whether `text` starts with a session header (rather than an intent log's line).
  static func isSession(_ text: String) -> Bool {
    let first = text.prefix(while: { $0 != "\n" && $0 != "\r\n" })
    return first.contains("\"format\":\"\(SessionFormat.name)\"")
  }

  /// The session at `path`, checked against the hero feature over `roster`: a session of another
  /// feature or format version, or with a malformed line, is a data error naming the file (and
  /// line and column); a last line cut short and states the reducer no longer gives are warned
  /// about on `warnings`, and the session is used.
  static func open(_ path: String, roster: Roster, warnings: Int32) throws(HeroSelectorError)
    -> Session<HeroFeature>
  {
    let text: String
    do { text = try FileIO.read(path, maximumSize: maximumSize) } catch {
      throw .data("cannot read session '\(path)': \(error.message)")
    }
    return try open(text: text, path: path, roster: roster, warnings: warnings)
  }

  static func open(text: String, path: String, roster: Roster, warnings: Int32)
    throws(HeroSelectorError) -> Session<HeroFeature>
  {
    let session: Session<HeroFeature>
    do {
      session = try Session(
        jsonLines: text, feature: HeroFeature(roster: roster), featureName: "HeroFeature")
    } catch {
      throw .data("\(path): \(error)")
    }
    if let line = session.truncatedLine {
      try? FileIO.writeAll(
        warnings,
        "hero-selector: warning: \(path):\(line): the last line is cut short (a recording that "
          + "stopped mid-write); the \(session.steps.count) complete steps are used\n")
    }
    if let mismatch = session.mismatch {
      try? FileIO.writeAll(
        warnings,
        "hero-selector: warning: \(path): the reducer no longer gives the recorded states: "
          + "\(mismatch); the recomputed states are shown\n")
    }
    return session
  }
}

/// Writes the session to the `--record` file with ReactiveMVI's `SessionRecorder`: the header
/// when the program starts, then each step once it is complete (`check()`, after each intent,
/// completes it). Each line is written with one `write(2)` in append mode, so a killed process
/// never leaves more than a last line cut short, which reading drops.
struct SessionFileRecorder {
  let path: String
  let recorder: SessionRecorder<HeroFeature>
  private let failure: FailureBox

  /// Starts the file (replacing an older one) with the session's header.
  init(path: String, roster: Roster) throws(HeroSelectorError) {
    do { try FileIO.replace(path, with: "") } catch {
      throw .data("cannot write record file '\(path)': \(error.message)")
    }
    self.path = path
    let failure = FailureBox()
    self.failure = failure
    let feature = HeroFeature(roster: roster)
    recorder = SessionRecorder(
      feature: feature, initialState: feature.reducer.initialState,
      sink: { line in
        guard failure.error == nil else { return }
        do throws(FileIO.Failure) { try FileIO.append(line + "\n", to: path) } catch {
          failure.error = .io("cannot write record file '\(path)': \(error.message)")
        }
      })
  }

  /// The middleware that records into the file.
  var middleware: Middleware<HeroFeature> { recorder.middleware }

  /// Writes the step in progress, then throws the first write failure, if any.
  func check() throws(HeroSelectorError) {
    recorder.finish()
    if let error = failure.error { throw error }
  }

  /// The first write failure; written under the recorder's lock (its sink's calls are serial),
  /// read after it on the program's thread.
  final class FailureBox: @unchecked Sendable {
    var error: HeroSelectorError?
  }
}

/// Where non-interactive intents come from: `--replay FILE`, `--intents LIST` or standard input.
struct IntentSource {
  /// The largest replay log accepted, in bytes.
  static let maximumLogSize = 16 << 20

  private enum Kind {
    case list([HeroIntent])
    case lines(LineReader)
  }

  private var kind: Kind
  private var position = 0

  init(options: Options, roster: Roster, input: Int32) throws(HeroSelectorError) {
    if let path = options.replayPath {
      kind = .list(try Self.loadLog(path, roster: roster))
    } else if let intents = options.intents {
      kind = .list(intents)
    } else {
      kind = .lines(LineReader(fd: input))
    }
  }

  /// Every intent of the session or intent log at `path`; throws for the first bad line
  /// (nothing is run then).
  static func loadLog(_ path: String, roster: Roster) throws(HeroSelectorError) -> [HeroIntent] {
    let text: String
    do { text = try FileIO.read(path, maximumSize: maximumLogSize) } catch {
      throw .data("cannot read replay log '\(path)': \(error.message)")
    }
    if HeroSessionFile.isSession(text) {
      return try HeroSessionFile.open(text: text, path: path, roster: roster, warnings: -1)
        .steps.compactMap(\.intent)
    }
    var intents: [HeroIntent] = []
    // "\r\n" is one Character in Swift: split on both line ends, so CRLF logs read as LF ones.
    let lines = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (index, line) in lines.enumerated() {
      if let intent = try HeroIntentLog.parse(line: String(line), location: "\(path):\(index + 1)")
      {
        intents.append(intent)
      }
    }
    return intents
  }

  /// The next intent, nil at the end; throws on a bad line (data error naming it).
  mutating func next() throws(HeroSelectorError) -> HeroIntent? {
    switch kind {
    case .list(let intents):
      guard position < intents.count else { return nil }
      position += 1
      return intents[position - 1]
    case .lines(var reader):
      defer { kind = .lines(reader) }
      while let line = reader.nextLine() {
        position += 1
        guard case .line(let text) = line else {
          throw .data(
            "<stdin>:\(position): the line is longer than \(LineReader.maximumLength) bytes")
        }
        let content = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if content.trimmingSpaces().isEmpty { continue }
        do {
          return try HeroIntent.parse(content)
        } catch {
          throw error.located("<stdin>:\(position)")
        }
      }
      return nil
    }
  }
}
