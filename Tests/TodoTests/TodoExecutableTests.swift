import Foundation
import TestSupport
import Testing

/// Runs the built `todo` executable (built by `swift test`: the test target depends on it).
enum TodoExecutable {
  struct Result {
    var exitCode: Int32
    var stdout: String
    var stderr: String
  }

  static let path: String? = {
    var directories: [URL] = []
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return directories.map { $0.appendingPathComponent("todo").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `todo` with `arguments` and `stdin`, waiting for its exit (a generous deadline only
  /// as a safety net: past it the process is killed and the test fails).
  static func run(_ arguments: [String], stdin: String = "", stdout: String? = nil) throws -> Result {
    try start(arguments, stdin: .text(stdin), stdout: stdout).wait()
  }

  /// What the process reads.
  enum Input {
    case text(String)
    /// An open descriptor (a pseudo-terminal), which the caller keeps and closes.
    case descriptor(Int32)
  }

  /// Starts `todo` with `arguments`, reading `stdin` and writing its standard output to the
  /// file `stdout` (by default a file of its own, returned by ``Running/wait()``).
  static func start(_ arguments: [String], stdin: Input = .text(""), stdout: String? = nil) throws -> Running {
    let executable = try #require(path, "todo executable not found next to the tests")
    let directory = try temporaryDirectory()
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    switch stdin {
    case .text(let text):
      let inURL = directory.appendingPathComponent("stdin")
      try Data(text.utf8).write(to: inURL)
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    case .descriptor(let fd):
      process.standardInput = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
    }
    process.standardOutput = try FileHandle(forWritingTo: stdout.map(URL.init(fileURLWithPath:)) ?? outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    return Running(process: process, exited: exited, directory: directory, arguments: arguments)
  }

  /// A started `todo`.
  struct Running {
    let process: Process
    let exited: DispatchSemaphore
    let directory: URL
    let arguments: [String]

    /// What the process has written to its standard output so far.
    var stdoutSoFar: String {
      (try? String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
    }

    /// Waits for the exit and returns what the process wrote.
    func wait() throws -> Result {
      defer { try? FileManager.default.removeItem(at: directory) }
      if !TestSupport.wait(for: exited) {
        process.terminate()
        Issue.record("todo \(arguments) did not finish within \(generousDeadline)")
        process.waitUntilExit()
      }
      return Result(
        exitCode: process.terminationStatus,
        stdout: try String(contentsOf: directory.appendingPathComponent("stdout"), encoding: .utf8),
        stderr: try String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8))
    }
  }
}

@Suite struct TodoExecutableTests {
  @Test func scriptedSessionSavesTheListAndShowsEachStep() throws {
    let directory = try TodoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let script = "add Buy milk\r\n# a comment\n\nadd Walk the dog\ntoggle 1\nfilter active\nquit\nadd ignored\n"
    // The save delay (real time) is long enough that no save can end between a command and its
    // screen even on a loaded machine, so every screen says "saving…"; the last save is waited
    // for at the end of input.
    let result = try TodoExecutable.run(["--file", file, "--save-delay", "1000"], stdin: script)
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("Todos (all): 1 of 1 left\n  [ ] 1. Buy milk\nsaving…\n"))
    #expect(result.stdout.contains("Todos (active): 1 of 2 left\n  [ ] 2. Walk the dog\nsaving…\n"))
    #expect(result.stdout.components(separatedBy: "saving…\n").count == 5)  // four screens
    #expect(result.stdout.hasSuffix("saved 2 items to \(file)\n"))
    #expect(!result.stdout.contains("ignored"))
    let saved = try JSONDecoder().decode([SavedTodo].self, from: Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(saved == [SavedTodo(id: 1, title: "Buy milk", isDone: true), SavedTodo(id: 2, title: "Walk the dog", isDone: false)])

    // A second run starts from the saved list.
    let again = try TodoExecutable.run(["--file", file, "--format", "json"], stdin: "delete 1\n")
    #expect(again.exitCode == 0)
    #expect(again.stdout.hasPrefix(#"{"filter":"all","items":[{"done":false,"id":2,"title":"Walk the dog"}],"left":1,"status":"sav"#))
    #expect(again.stdout.split(separator: "\n").count == 1)
  }

  struct SavedTodo: Codable, Equatable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  @Test func anUnsavableListExitsWithAnIOError() throws {
    let result = try TodoExecutable.run(
      ["--file", "/nonexistent-directory/todos.json", "--save-delay", "0"], stdin: "add x\n")
    #expect(result.exitCode == 74)
    #expect(result.stderr.hasPrefix("todo: the list was not saved: /nonexistent-directory/todos.json: cannot write"))
  }

  @Test func badInputNamesTheLineAndChangesNothing() throws {
    let directory = try TodoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let result = try TodoExecutable.run(["--file", file], stdin: "list\nfrob\nadd never\n")
    #expect(result.exitCode == 65)
    #expect(result.stderr == "todo: <stdin>:2: unknown command 'frob' (add, toggle, delete, filter, clear, list, quit)\n")
    #expect(!FileManager.default.fileExists(atPath: file))

    try Data("not json".utf8).write(to: URL(fileURLWithPath: file))
    let corrupt = try TodoExecutable.run(["--file", file], stdin: "add x\n")
    #expect(corrupt.exitCode == 65)
    #expect(corrupt.stderr.hasPrefix("todo: cannot load the list: \(file): not a todo list"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "not json")  // left alone
  }

  @Test func anUnknownIdIsReportedAndTheRunGoesOn() throws {
    let directory = try TodoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let result = try TodoExecutable.run(["--file", file, "--format", "json"], stdin: "toggle 4\nadd a\n")
    #expect(result.exitCode == 0)
    #expect(result.stderr == "todo: there is no item 4\n")
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  @Test func usageErrorsAndHelp() throws {
    let help = try TodoExecutable.run(["--help"])
    #expect(help.exitCode == 0)
    #expect(help.stdout.hasPrefix("Usage: todo"))
    let unknown = try TodoExecutable.run(["--frob"])
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr == "todo: unknown option '--frob' (see todo --help)\n")
    let badFormat = try TodoExecutable.run(["--format", "xml"])
    #expect(badFormat.exitCode == 64)
  }

  @Test func aVeryLongLineIsADataErrorNotAHang() throws {
    let line = String(repeating: "a", count: 1 << 20)
    let result = try TodoExecutable.run(["--file", "/nonexistent-directory/t.json"], stdin: line)
    #expect(result.exitCode == 65)
    #expect(result.stderr == "todo: <stdin>:1: the line is longer than 65536 bytes\n")
  }
}
