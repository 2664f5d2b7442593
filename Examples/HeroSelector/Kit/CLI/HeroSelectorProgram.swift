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
    let recorder = try options.recordPath.map { path throws(HeroSelectorError) in
      try IntentRecorder(path: path)
    }

    if options.intents == nil && options.replayPath == nil && isatty(input) == 1 {
      let session = InteractiveSession(
        roster: roster, format: options.format, recorder: recorder,
        input: input, output: output)
      return try session.run()
    }

    // The intents' source first: a replay log is read and checked whole before anything is
    // drawn, so an invalid or missing log renders nothing.
    var source = try IntentSource(options: options, input: input)
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
}

/// Appends every handled intent to the `--record` file, one JSON line per intent, with
/// ReactiveMVI's `.recordingIntents` middleware (the lines are `IntentLog`'s, which
/// `HeroIntent`'s `Codable` form makes `{"intent":"next"}`). Each line is written with one
/// `write(2)` in append mode, so a killed process never leaves half a line.
struct IntentRecorder {
  let path: String
  private let failure = FailureBox()

  /// Checks that the file can be opened for appending before anything runs.
  init(path: String) throws(HeroSelectorError) {
    self.path = path
    do { try FileIO.append("", to: path) } catch {
      throw .data("cannot write record file '\(path)': \(error.message)")
    }
  }

  /// The middleware that records into the file.
  var middleware: Middleware<HeroFeature> {
    let path = self.path
    let failure = self.failure
    return .recordingIntents(to: { line in
      guard failure.error == nil else { return }
      do throws(FileIO.Failure) { try FileIO.append(line + "\n", to: path) } catch {
        failure.error = .io("cannot write record file '\(path)': \(error.message)")
      }
    })
  }

  /// Throws the first write failure, if any.
  func check() throws(HeroSelectorError) {
    if let error = failure.error { throw error }
  }

  /// The first write failure; written and read on the thread that drains the store, which is
  /// the program's only thread here.
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

  init(options: Options, input: Int32) throws(HeroSelectorError) {
    if let path = options.replayPath {
      kind = .list(try Self.loadLog(path))
    } else if let intents = options.intents {
      kind = .list(intents)
    } else {
      kind = .lines(LineReader(fd: input))
    }
  }

  /// Every intent of the log at `path`; throws for the first bad line (nothing is run then).
  static func loadLog(_ path: String) throws(HeroSelectorError) -> [HeroIntent] {
    let text: String
    do { text = try FileIO.read(path, maximumSize: maximumLogSize) } catch {
      throw .data("cannot read replay log '\(path)': \(error.message)")
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
