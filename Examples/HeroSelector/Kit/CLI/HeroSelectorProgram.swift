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
      try Recorder(path: path)
    }

    if options.intents == nil && options.replayPath == nil && isatty(input) == 1 {
      let session = InteractiveSession(
        roster: roster, format: options.format, recorder: recorder,
        input: input, output: output)
      return try session.run()
    }

    let intent = HeroSelectorIntent(roster: roster)
    let sink = StateSink(fd: output, format: options.format)
    let binding = intent.bind(to: sink)
    defer { binding.dispose() }
    var source = try IntentSource(options: options, input: input)
    while !sink.failed, let next = try source.next() {
      try recorder?.record(next)
      if next == .quit { break }
      intent.send(next)
    }
    return 0
  }
}

/// Appends intents to the `--record` file.
struct Recorder {
  let path: String

  /// Checks that the file can be opened for appending before anything runs.
  init(path: String) throws(HeroSelectorError) {
    self.path = path
    do { try FileIO.append("", to: path) } catch {
      throw .data("cannot write record file '\(path)': \(error.message)")
    }
  }

  func record(_ intent: HeroIntent) throws(HeroSelectorError) {
    do { try FileIO.append(HeroIntentLog.line(for: intent) + "\n", to: path) } catch {
      throw .data("cannot write record file '\(path)': \(error.message)")
    }
  }
}

/// Where non-interactive intents come from: `--replay FILE`, `--intents LIST` or standard input.
struct IntentSource {
  private enum Kind {
    case list([HeroIntent])
    case replay(path: String, lines: [Substring])
    case lines(LineReader)
  }

  private var kind: Kind
  private var position = 0

  init(options: Options, input: Int32) throws(HeroSelectorError) {
    if let path = options.replayPath {
      let text: String
      do { text = try FileIO.read(path) } catch {
        throw .data("cannot read replay log '\(path)': \(error.message)")
      }
      kind = .replay(
        path: path, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
    } else if let intents = options.intents {
      kind = .list(intents)
    } else {
      kind = .lines(LineReader(fd: input))
    }
  }

  /// The next intent, nil at the end; throws on a bad line (data error naming it).
  mutating func next() throws(HeroSelectorError) -> HeroIntent? {
    switch kind {
    case .list(let intents):
      guard position < intents.count else { return nil }
      position += 1
      return intents[position - 1]
    case .replay(let path, let lines):
      while position < lines.count {
        position += 1
        if let intent = try HeroIntentLog.parse(
          line: String(lines[position - 1]), location: "\(path):\(position)")
        {
          return intent
        }
      }
      return nil
    case .lines(var reader):
      defer { kind = .lines(reader) }
      while let line = reader.nextLine() {
        position += 1
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
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
