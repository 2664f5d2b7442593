import ExampleTerminal
import Foundation
import ReactiveMVI

/// The `todo` program: parses the command line, locks and loads the list, and runs commands from
/// standard input (one per line) through a ``TodoViewModel``, printing the screen after each
/// command (and once before the first, when standard input is a terminal). At the end of input
/// it waits for the last save and reports a failed one (exit 74). When it stops on an error (a
/// bad line, output that cannot be written) or a signal (SIGINT, SIGHUP, SIGTERM), it first
/// saves at once a change still waiting out the save delay, and says whether it was saved. Returns the exit code; the executable only
/// calls `exit` with it.
public struct TodoProgram: Sendable {
  public var arguments: [String]
  public var input: Int32 = STDIN_FILENO
  public var output: Int32 = STDOUT_FILENO
  public var errorOutput: Int32 = STDERR_FILENO

  public static let usage = """
    Usage: todo [--file PATH] [--format text|json] [--save-delay MS] [--verbose]
                [--record FILE]
           todo --travel FILE [--at N]
           todo --export-test FILE

    A todo list on ReactiveMVI. Reads one command per line from standard input (a terminal or a
    script), applies it, and prints the list after each command (in a terminal, also once at the
    start). Blank lines and lines starting with # are skipped. The first bad line stops the run,
    and so do Ctrl-C, a closed terminal and kill (SIGINT, SIGHUP, SIGTERM): the changes before
    are saved first.

    Commands:
      add TITLE          add an item (a)
      toggle N           mark item N done / not done (t)
      delete N           delete item N (d)
      filter all|active|done
                         show all, the active or the done items (f)
      clear              delete the done items (c)
      list               print the list again (l)
      quit               stop reading (q); Ctrl-D (end of input) does the same

    Options:
      --file PATH        the list, as JSON (default: todos.json in the current directory;
                         created on the first change). A symbolic link is followed: the file
                         it points to is replaced atomically, the link stays. Runs on the same
                         list take turns (a lock on PATH.lock beside the list): a second run
                         waits for the first to finish.
      --format FORMAT    text (default) or json: one JSON object per command
      --save-delay MS    how long a save takes (a simulated slow disk; default 300); a newer
                         change cancels the save in flight
      --verbose          log every intent and state change to standard error
      --record FILE      write the session to FILE (ReactiveMVI's session format, JSON
                         lines: per command its intent, results, events and the state after)
      --travel FILE      step through a recorded session in a terminal: the list as it
                         was after the step under the cursor, with a timeline line (step
                         k of n, the intent or result, the changed fields). Left/Right
                         (h/l) one step, Home/End the first and the last, s skip or unskip
                         the step (the later states recomputed), e write the exported
                         test beside the session (NAME.jsonl: NAMETests.swift), q quit.
                         The list file is not touched
      --travel FILE --at N
                         print the state after step N of a recorded session (0: the
                         initial state) as --format json prints it, recomputed from the
                         recorded results; no terminal needed
      --export-test FILE print the session as a Swift Testing test (a TestStore sending its
                         intents, receiving its recorded save results, asserting its states)
      --help             show this help

    Item numbers are whole numbers from 1 to 9007199254740991 (2^53 - 1); a list file with any
    other id, or with two items with one id, is not loaded (exit 65) and is left as it is. New
    items count on from the largest number (after the last one, the smallest free number).
    Titles are printed with control characters made visible (\\u{1B}, \\n, ...). A title
    holds at most 500 characters and 2000 bytes of UTF-8, a list file at most 8 MiB: a change
    that would make the list larger is not saved, and the saved list stays as it was.

    Exit codes: 0 done, 64 usage error, 65 bad command or list file, 74 the list could not be
    saved (also after a bad command) or locked, or the output could not be written, 128 + N
    stopped by signal N.

    """

  public init(arguments: [String]) { self.arguments = arguments }

  struct Options {
    var file = "todos.json"
    var json = false
    var saveDelay = 300
    var verbose = false
    var help = false
    var recordPath: String?
    var travelPath: String?
    var travelStep: Int?
    var exportTestPath: String?

    static func parse(_ arguments: [String]) throws(TodoError) -> Options {
      var options = Options()
      var rest = arguments[...]
      func value(_ name: String) throws(TodoError) -> String {
        guard let value = rest.popFirst() else { throw .usage("\(name) needs a value") }
        return value
      }
      while let argument = rest.popFirst() {
        switch argument {
        case "--file": options.file = try value(argument)
        case "--format":
          switch try value(argument) {
          case "text": options.json = false
          case "json": options.json = true
          case let other:
            throw .usage("--format takes text or json, not '\(TodoCommand.excerpt(other))'")
          }
        case "--save-delay":
          let text = try value(argument)
          guard let ms = Int(text), (0...60_000).contains(ms) else {
            throw .usage(
              "--save-delay takes milliseconds from 0 to 60000, not '\(TodoCommand.excerpt(text))'")
          }
          options.saveDelay = ms
        case "--verbose": options.verbose = true
        case "--record": options.recordPath = try value(argument)
        case "--travel": options.travelPath = try value(argument)
        case "--export-test": options.exportTestPath = try value(argument)
        case "--at":
          let text = try value(argument)
          guard let step = Int(text), step >= 0 else {
            throw .usage(
              "--at takes a step number (0: the initial state), not '\(TodoCommand.excerpt(text))'")
          }
          options.travelStep = step
        case "--help", "-h": options.help = true
        default: throw .usage("unknown option '\(TodoCommand.excerpt(argument))'")
        }
      }
      if options.travelStep != nil && options.travelPath == nil {
        throw .usage("--at N needs --travel FILE")
      }
      if options.travelPath != nil && options.exportTestPath != nil {
        throw .usage("--travel and --export-test cannot be used together")
      }
      return options
    }
  }

  @MainActor
  public func run() async -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    do {
      return try await runThrowing()
    } catch {
      let error = error as? TodoError ?? .io("\(error)")
      write(errorOutput, "todo: \(error.message)\n")
      return error.exitCode
    }
  }

  @MainActor
  private func runThrowing() async throws -> Int32 {
    let options: Options
    do { options = try Options.parse(arguments) } catch {
      throw TodoError.usage(error.message + " (see todo --help)")
    }
    if options.help {
      write(output, Self.usage)
      return 0
    }
    let sessionFeature = TodoFeature(
      storage: JSONFileStorage(path: options.file), scheduler: MainScheduler.instance,
      saveDelay: .milliseconds(options.saveDelay))
    if let path = options.travelPath, options.travelStep == nil {
      guard isatty(input) == 1 else {
        throw TodoError.usage(
          "--travel FILE without --at N needs a terminal (the interactive timeline)")
      }
      let session = try openSession(path, feature: sessionFeature)
      return try travelInTerminal(session, path: path, feature: sessionFeature)
    }
    if let path = options.travelPath, let step = options.travelStep {
      let session = try openSession(path, feature: sessionFeature)
      guard step <= session.steps.count else {
        throw TodoError.data("--at \(step): '\(path)' has \(session.steps.count) steps")
      }
      var travel = TimeTravel(session: session, feature: sessionFeature)
      travel.jump(to: step)
      // The travelled state shown by the app's own view model, as --format json shows a state.
      let store = Store(initialState: travel.state, feature: sessionFeature)
      defer { store.dispose() }
      try writeOrFail(TodoViewModel(store: store).renderJSON())
      return 0
    }
    if let path = options.exportTestPath {
      let session = try openSession(path, feature: sessionFeature)
      try writeOrFail(Self.exportedTest(session, feature: sessionFeature))
      return 0
    }
    let storage = JSONFileStorage(path: options.file)
    let errorOutput = self.errorOutput
    // Held until the program returns, so that a run's load and its saves are not interleaved
    // with another run's (which would lose one run's changes).
    let lock: ListLock?
    do {
      lock = try storage.lock(whileWaiting: {
        if isatty(errorOutput) == 1 {
          write(
            errorOutput,
            "todo: waiting for another todo to finish with \(options.file.escapingControlCharacters)…\n"
          )
        }
      })
    } catch {
      throw TodoError.io("cannot lock the list: \(error)")
    }
    defer { withExtendedLifetime(lock) {} }
    let todos: [Todo]
    do { todos = try storage.load() } catch {
      throw TodoError.data("cannot load the list: \(error)")
    }
    let feature = TodoFeature(
      storage: storage, scheduler: MainScheduler.instance,
      saveDelay: .milliseconds(options.saveDelay))
    var middleware: [Middleware<TodoFeature>] = []
    let recorder = try options.recordPath.map { path throws(TodoError) in
      try sessionRecorder(path, initialState: TodoFeature.State(todos: todos), feature: feature)
    }
    defer { recorder?.finish() }
    if let recorder { middleware.append(recorder.middleware) }
    if options.verbose {
      middleware.append(.logging(prefix: "[todo] ", sink: { write(errorOutput, $0 + "\n") }))
    }
    let store = Store(
      initialState: TodoFeature.State(todos: todos), feature: feature, middleware: middleware)
    defer { store.dispose() }
    let model = TodoViewModel(store: store)
    model.viewStore.onEvent { event in
      switch event {
      case .notFound(let id): write(errorOutput, "todo: there is no item \(id)\n")
      }
    }
    let render = { options.json ? model.renderJSON() : model.renderText() }
    // From here to the end a signal saves a waiting change at once (disposing the store would
    // cancel it) and stops the run.
    let interruption = Interruption(signals: [SIGINT, SIGTERM, SIGHUP])
    defer { interruption.stop() }
    interruption.onSignal { model.send(.saveNow) }
    var stop: TodoError?
    do throws(TodoError) {
      // In a terminal the user sees the list before typing; a script reads only its results.
      if isatty(input) == 1 { try writeOrFail(render()) }
      try await runCommands(model, interruption: interruption, render: render)
    } catch {
      stop = error
      model.send(.saveNow)
    }
    await model.saved()
    if stop == nil, let signal = interruption.signal { stop = .interrupted(signal: signal) }
    if let stop { write(errorOutput, "todo: \(stop.message)\n") }
    switch model.viewStore.persistence {
    case .failed(let message):
      throw TodoError.io("the list was not saved: \(message)")
    case .saved(let count) where !options.json:
      let saved =
        "saved \(count) item\(count == 1 ? "" : "s") to \(options.file.escapingControlCharacters)\n"
      // After an output error, the error message is what counts.
      if stop == nil { try writeOrFail(saved) } else { write(output, saved) }
    default:
      break
    }
    return stop?.exitCode ?? 0
  }

  /// Reads and runs commands until the end of input or `quit`; throws on a bad line or when the
  /// output cannot be written.
  /// The session at `path`: a data error naming the file (and line and column) for a session of
  /// another feature or format version or a malformed line; a last line cut short and states the
  /// reducer no longer gives are warned about, and the session is used.
  private func openSession(_ path: String, feature: TodoFeature) throws(TodoError)
    -> Session<TodoFeature>
  {
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw .data(
        "cannot read session '\(path.escapingControlCharacters)': \(error.localizedDescription)")
    }
    let session: Session<TodoFeature>
    do {
      session = try Session(jsonLines: text, feature: feature, featureName: "TodoFeature")
    } catch {
      throw .data("\(path.escapingControlCharacters): \(error)")
    }
    if let line = session.truncatedLine {
      write(
        errorOutput,
        "todo: warning: \(path.escapingControlCharacters):\(line): the last line is cut short (a "
          + "recording that stopped mid-write); the \(session.steps.count) complete steps are used\n"
      )
    }
    if let mismatch = session.mismatch {
      write(
        errorOutput,
        "todo: warning: \(path.escapingControlCharacters): the reducer no longer gives the "
          + "recorded states: \(mismatch); the recomputed states are shown\n")
    }
    return session
  }

  /// The session as a Swift Testing test of `TodoKit` (`--export-test`, `e` while travelling).
  static func exportedTest(_ session: Session<TodoFeature>, feature: TodoFeature) -> String {
    SessionTestExport.swiftTesting(
      session: session, feature: feature, testName: "recordedTodoSession",
      featureExpression:
        "TodoFeature(storage: JSONFileStorage(path: \"todos.json\"), "
        + "scheduler: MainScheduler.instance, saveDelay: .milliseconds(300))",
      imports: ["@testable import TodoKit"])
  }

  /// `--travel FILE` in a terminal: the app's own list screen (its view model's text) for the
  /// step under the cursor, on the shared time-travel screen.
  @MainActor
  private func travelInTerminal(
    _ session: Session<TodoFeature>, path: String, feature: TodoFeature
  ) throws(TodoError) -> Int32 {
    var screen = TravelScreen(
      travel: TimeTravel(session: session, feature: feature), input: input, output: output,
      render: { state in
        // The state shown by the app's own view model, as a live run prints it.
        let store = Store(initialState: state, feature: feature)
        defer { store.dispose() }
        return MainActor.assumeIsolated { TodoViewModel(store: store).renderText() }
          .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
          .dropLast(1).map { $0 }
      },
      testPath: exportedTestPath(forSession: path),
      exportedTest: { Self.exportedTest(session, feature: feature) })
    do throws(TerminalError) {
      return try screen.run()
    } catch {
      throw .io(error.message)
    }
  }

  /// A recorder writing the session to `path` (replacing an older file), one line per `write`.
  private func sessionRecorder(
    _ path: String, initialState: TodoFeature.State, feature: TodoFeature
  ) throws(TodoError) -> SessionRecorder<TodoFeature> {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw .io("cannot write record file '\(path.escapingControlCharacters)'") }
    return SessionRecorder(
      feature: feature, name: "TodoFeature", initialState: initialState,
      sink: { line in handle.write(Data((line + "\n").utf8)) })
  }

  @MainActor
  private func runCommands(
    _ model: TodoViewModel, interruption: Interruption, render: () -> String
  ) async throws(TodoError) {
    var lineNumber = 0
    let (lines, end) = Lines(fd: input).stream()
    interruption.onSignal {
      end.yield(.interrupted)
      end.finish()
    }
    for await line in lines {
      // Checked before each line, so that lines read ahead are not run after a signal.
      if let signal = interruption.signal { throw .interrupted(signal: signal) }
      lineNumber += 1
      let text: Substring
      switch line {
      case .line(let content): text = content[...]
      case .tooLong:
        throw .data("<stdin>:\(lineNumber): the line is longer than \(Lines.maximumLength) bytes")
      case .interrupted: preconditionFailure("Internal inconsistency: interrupted without a signal")
      }
      if text.allSatisfy(\.isWhitespace) || text.drop(while: \.isWhitespace).hasPrefix("#") {
        continue
      }
      let command: TodoCommand
      do { command = try TodoCommand.parse(text) } catch {
        throw .data("<stdin>:\(lineNumber): \(error.message)")
      }
      switch command {
      case .quit:
        return
      case .list:
        try writeOrFail(render())
      case .intent(let intent):
        model.send(intent)
        await model.caughtUp()
        try writeOrFail(render())
      }
    }
  }

  private func writeOrFail(_ text: String) throws(TodoError) {
    guard write(output, text) else {
      throw .io("cannot write the output: \(String(cString: strerror(errno)))")
    }
  }
}

/// Writes all of `text` to `fd`; false on an error (EPIPE, ENOSPC, …).
@discardableResult
func write(_ fd: Int32, _ text: String) -> Bool {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    bytes = bytes.dropFirst(written)
  }
  return true
}

/// Standard input as lines, read on a background thread so the main actor (where the store's
/// states and the save timer arrive) keeps running while the program waits for input.
struct Lines: Sendable {
  /// The longest line accepted, in bytes.
  static let maximumLength = 64 << 10

  enum Line: Sendable {
    case line(String)
    case tooLong
    /// A signal stopped the run (yielded by the program, not read).
    case interrupted
  }

  let fd: Int32

  /// The lines, in order; linear in the input size (each byte is looked at once). The
  /// continuation lets the program end the stream early.
  func stream() -> (AsyncStream<Line>, AsyncStream<Line>.Continuation) {
    let fd = fd
    let (stream, continuation) = AsyncStream.makeStream(of: Line.self)
    let thread = Thread {
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      reading: while true {
        let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        var start = 0
        for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
          pending.append(contentsOf: chunk[start..<index])
          if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
          continuation.yield(.line(String(decoding: pending, as: UTF8.self)))
          pending.removeAll(keepingCapacity: true)
          start = index + 1
        }
        pending.append(contentsOf: chunk[start..<count])
        if pending.count > Lines.maximumLength {
          continuation.yield(.tooLong)
          break reading
        }
      }
      if !pending.isEmpty && pending.count <= Lines.maximumLength {
        continuation.yield(.line(String(decoding: pending, as: UTF8.self)))
      }
      continuation.finish()
    }
    thread.start()
    return (stream, continuation)
  }
}

/// The signals that stop a run (Ctrl-C, a closed terminal, `kill`), caught for the whole session
/// instead of ending the process at once, so that a change still waiting out the save delay is
/// saved before the program stops.
///
/// How: a handler for each signal writes its number to a pipe (`write` is async-signal-safe),
/// and a read source on the main queue reports it. A handler runs on whichever thread the
/// kernel picks, so no thread can take the default action (ending the process), whatever its
/// signal mask: blocking the signals instead does not hold, since the process's main thread
/// waits with an empty mask while the main actor's work runs on another thread, and a signal
/// delivered there would end the process. ``stop()`` restores the previous handlers.
///
/// Thread safety: main-actor isolated (created on the main actor); the read source delivers on
/// the main queue. The handler touches only the pipe's write end, set before it is installed.
@MainActor
final class Interruption {
  /// The first signal caught, if any.
  private(set) var signal: Int32?
  private var handlers: [() -> Void] = []
  private var source: (any DispatchSourceRead)?
  /// The handlers before, restored by ``stop()``.
  private var previous: [(Int32, sigaction)] = []

  init(signals: [Int32]) {
    let reader = signalPipe.read
    signalPipeWriter = signalPipe.write
    let source = DispatchSource.makeReadSource(fileDescriptor: reader, queue: .main)
    source.setEventHandler { [weak self] in
      var number: UInt8 = 0
      while read(reader, &number, 1) == 1 {
        MainActor.assumeIsolated { self?.caught(Int32(number)) }
      }
    }
    source.resume()
    self.source = source
    for signalNumber in signals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = writeSignalToPipe
      #else
        action.__sigaction_handler.sa_handler = writeSignalToPipe
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      var old = sigaction()
      sigaction(signalNumber, &action, &old)
      previous.append((signalNumber, old))
    }
  }

  /// Calls `handler` when the first signal is caught.
  func onSignal(_ handler: @escaping () -> Void) { handlers.append(handler) }

  /// Stops catching: the signals end the process again.
  func stop() {
    for (signalNumber, old) in previous {
      var old = old
      sigaction(signalNumber, &old, nil)
    }
    previous = []
    source?.cancel()
    source = nil
  }

  private func caught(_ signalNumber: Int32) {
    guard signal == nil else { return }
    signal = signalNumber
    for handler in handlers { handler() }
  }
}

/// The pipe from the signal handler to ``Interruption``'s read source: made once per process,
/// both ends non-blocking (a full pipe drops a signal number, which is harmless: the first
/// signal is the one that counts).
private let signalPipe: (read: Int32, write: Int32) = {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { fatalError("todo: cannot create the signal pipe: \(errno)") }
  for end in ends {
    _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
  }
  return (ends[0], ends[1])
}()

/// The write end of ``signalPipe``, readable from the handler without the lazy initializer
/// (which is not async-signal-safe): set by `Interruption.init` before it installs a handler.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1

/// The signal handler: writes the signal's number to the pipe. Async-signal-safe: one `write`,
/// `errno` saved and restored.
private func writeSignalToPipe(_ signalNumber: Int32) {
  let savedErrno = errno
  var number = UInt8(truncatingIfNeeded: signalNumber)
  _ = write(signalPipeWriter, &number, 1)
  errno = savedErrno
}
