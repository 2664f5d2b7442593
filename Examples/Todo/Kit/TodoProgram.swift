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
        case "--help", "-h": options.help = true
        default: throw .usage("unknown option '\(TodoCommand.excerpt(argument))'")
        }
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
/// How: the signals are blocked on the main thread (and so on the threads it starts later, such
/// as the input reader; Dispatch's worker threads block them anyway), so they stay pending until
/// Dispatch's signal sources (a `signalfd` on Linux) take them. Ignoring them instead
/// (`SIG_IGN`) would not do: the kernel drops an ignored signal that a thread has not blocked.
///
/// Thread safety: main-actor isolated (created on the main thread); the signal sources deliver
/// on the main queue.
@MainActor
final class Interruption {
  /// The first signal caught, if any.
  private(set) var signal: Int32?
  private var sources: [any DispatchSourceSignal] = []
  private var handlers: [() -> Void] = []
  /// The main thread's signal mask before, restored by ``stop()``.
  private var previousMask = sigset_t()

  init(signals: [Int32]) {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for signalNumber in signals { sigaddset(&blocked, signalNumber) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
    sources = signals.map { signalNumber in
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated { self?.caught(signalNumber) }
      }
      source.resume()
      return source
    }
  }

  /// Calls `handler` when the first signal is caught.
  func onSignal(_ handler: @escaping () -> Void) { handlers.append(handler) }

  /// Stops catching: the signals end the process again.
  func stop() {
    for source in sources { source.cancel() }
    sources = []
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }

  private func caught(_ signalNumber: Int32) {
    guard signal == nil else { return }
    signal = signalNumber
    for handler in handlers { handler() }
  }
}
