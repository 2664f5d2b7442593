import Foundation
import TestSupport
import Testing

/// The list at the edges: errors after a change, ids, titles that would drive the terminal,
/// symbolic links, concurrent runs and terminals, each through the built `todo` executable.
@Suite(.onOwnThread) struct TodoDataEdgeTests {
  struct SavedTodo: Codable, Equatable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  /// A fresh directory, removed when the test ends (through `defer`).
  let directory: URL

  init() throws { directory = try todoExecutable.temporaryDirectory() }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func write(_ todos: [SavedTodo], to file: String) throws {
    try JSONEncoder().encode(todos).write(to: URL(fileURLWithPath: file))
  }

  func read(_ file: String) throws -> [SavedTodo] {
    try JSONDecoder().decode([SavedTodo].self, from: Data(contentsOf: URL(fileURLWithPath: file)))
  }

  func removeDirectory() { try? FileManager.default.removeItem(at: directory) }

  // MARK: - No change shown as saving is lost on a later error

  @Test func aBadLineAfterAChangeSavesTheChangeBeforeStopping() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    // The delay is far longer than the run: only saving at once can write the change.
    let result = try todoExecutable.run(
      ["--file", file, "--save-delay", "60000"], stdin: "add important\nfrob\nadd never\n")
    #expect(result.exitCode == 65)
    #expect(
      result.stderr
        == "todo: <stdin>:2: unknown command 'frob' (add, toggle, delete, filter, clear, list, quit)\n"
    )
    #expect(result.stdout.hasPrefix("Todos (all): 1 of 1 left\n  [ ] 1. important\nsaving…\n"))
    #expect(result.stdout.hasSuffix("saved 1 item to \(file)\n"))
    #expect(try read(file) == [SavedTodo(id: 1, title: "important", isDone: false)])

    // The same after a line too long to read, in JSON mode (no "saved" line there).
    let long = "toggle 1\n" + String(repeating: "x", count: 1 << 17)
    let json = try todoExecutable.run(
      ["--file", file, "--format", "json", "--save-delay", "60000"], stdin: long)
    #expect(json.exitCode == 65)
    #expect(json.stderr == "todo: <stdin>:2: the line is longer than 65536 bytes\n")
    #expect(try read(file) == [SavedTodo(id: 1, title: "important", isDone: true)])
  }

  @Test func outputThatCannotBeWrittenSavesTheChangeBeforeStopping() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    let result = try todoExecutable.run(
      ["--file", file, "--save-delay", "60000"], stdin: "add kept\nadd never\n", stdout: "/dev/full"
    )
    #expect(result.exitCode == 74)
    #expect(result.stderr == "todo: cannot write the output: No space left on device\n")
    #expect(try read(file) == [SavedTodo(id: 1, title: "kept", isDone: false)])
  }

  /// Ctrl-C (SIGINT) while a save waits, in the middle of the input: the change is saved, then
  /// the run stops with 128 + the signal.
  @Test func aSignalWhileReadingSavesTheWaitingChangeBeforeStopping() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    let input = Pipe()  // kept open: the run is waiting for its next line
    defer { try? input.fileHandleForWriting.close() }
    let running = try todoExecutable.start(
      ["--file", file, "--save-delay", "60000"],
      stdin: .descriptor(input.fileHandleForReading.fileDescriptor))
    try input.fileHandleForWriting.write(contentsOf: Data("add important\n".utf8))
    #expect(eventually(timeout: heavyDeadline) { running.stdoutSoFar.contains("saving…") })
    kill(running.process.processIdentifier, SIGINT)
    let result = try running.wait()
    #expect(result.exitCode == 128 + SIGINT)
    #expect(result.stderr == "todo: stopped by a signal (Interrupt)\n")
    #expect(result.stdout.hasSuffix("saving…\nsaved 1 item to \(file)\n"))
    #expect(try read(file) == [SavedTodo(id: 1, title: "important", isDone: false)])
  }

  /// SIGTERM once the input has ended (the run waits for its last save, or is about to): the
  /// change is saved at once.
  @Test func aSignalAtTheEndSavesTheWaitingChangeBeforeStopping() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    let running = try todoExecutable.start(
      ["--file", file, "--save-delay", "60000"], stdin: .text("add important\n"))
    #expect(eventually(timeout: heavyDeadline) { running.stdoutSoFar.contains("saving…") })
    kill(running.process.processIdentifier, SIGTERM)
    let result = try running.wait()
    #expect(result.exitCode == 128 + SIGTERM)
    #expect(result.stderr == "todo: stopped by a signal (Terminated)\n")
    #expect(try read(file) == [SavedTodo(id: 1, title: "important", isDone: false)])
  }

  // MARK: - Ids

  @Test(arguments: [0, -1, Int.min, Int.max, Int.max - 1, 1 << 53])
  func aListWithAnIdOutOfRangeIsRejectedAndLeftAlone(id: Int) throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    try write(
      [
        SavedTodo(id: 1, title: "fine", isDone: false),
        SavedTodo(id: id, title: "odd", isDone: false),
      ], to: file)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let result = try todoExecutable.run(
      ["--file", file, "--save-delay", "0"], stdin: "add x\ntoggle 1\n")
    #expect(result.exitCode == 65, "id \(id)")
    #expect(
      result.stderr
        == "todo: cannot load the list: \(file): item 2 has the id \(id); ids are whole numbers from 1 to 9007199254740991\n"
    )
    #expect(result.stdout == "")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  @Test func afterTheLargestIdNewItemsTakeTheSmallestFreeOne() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    let largest = (1 << 53) - 1
    try write(
      [
        SavedTodo(id: largest, title: "last", isDone: false),
        SavedTodo(id: 1, title: "first", isDone: false),
      ], to: file)
    let result = try todoExecutable.run(
      ["--file", file, "--save-delay", "0"], stdin: "add second\nadd third\ntoggle \(largest)\n")
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    #expect(
      try read(file) == [
        SavedTodo(id: largest, title: "last", isDone: true),
        SavedTodo(id: 1, title: "first", isDone: false),
        SavedTodo(id: 2, title: "second", isDone: false),
        SavedTodo(id: 3, title: "third", isDone: false),
      ])
  }

  // MARK: - Titles

  /// Titles a list file may hold but a terminal must not receive raw.
  static let hostileTitles = [
    "a\u{1B}]0;pwned\u{07}b", "\u{1B}[2J", "c\u{9B}31m", "line\nbreak", "del\u{7F}", "tab\there",
  ]

  @Test func titlesFromTheFileAreShownWithTheirControlCharactersVisible() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    let todos = Self.hostileTitles.enumerated().map {
      SavedTodo(id: $0.offset + 1, title: $0.element, isDone: false)
    }
    try write(todos, to: file)

    let text = try todoExecutable.run(["--file", file], stdin: "list\n")
    #expect(text.exitCode == 0)
    #expect(
      text.stdout == """
        Todos (all): 6 of 6 left
          [ ] 1. a\\u{1B}]0;pwned\\u{07}b
          [ ] 2. \\u{1B}[2J
          [ ] 3. c\\u{009B}31m
          [ ] 4. line\\nbreak
          [ ] 5. del\\u{7F}
          [ ] 6. tab\\there

        """)

    let json = try todoExecutable.run(["--file", file, "--format", "json"], stdin: "list\n")
    #expect(json.exitCode == 0)
    let line = try #require(json.stdout.split(separator: "\n").first)
    #expect(json.stdout == line + "\n")
    #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
    struct Screen: Decodable {
      struct Item: Decodable { var title: String }
      var items: [Item]
    }
    let screen = try JSONDecoder().decode(Screen.self, from: Data(line.utf8))
    #expect(screen.items.map(\.title) == Self.hostileTitles)  // escaped, not altered
  }

  // MARK: - Symbolic links

  @Test func aSymlinkedListIsFollowedAndItsTargetReplacedAtomically() throws {
    defer { removeDirectory() }
    try FileManager.default.createDirectory(
      atPath: path("dotfiles"), withIntermediateDirectories: true)
    let target = path("dotfiles/todos.json")
    try write([SavedTodo(id: 1, title: "a", isDone: false)], to: target)
    #expect(chmod(target, 0o640) == 0)
    let link = path("todos.json")
    #expect(symlink("dotfiles/todos.json", link) == 0)
    let inodeBefore = try #require(
      try FileManager.default.attributesOfItem(atPath: target)[.systemFileNumber] as? Int)

    let result = try todoExecutable.run(["--file", link, "--save-delay", "0"], stdin: "add b\n")
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("Todos (all): 2 of 2 left\n  [ ] 1. a\n  [ ] 2. b\n"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/todos.json")
    #expect(
      try read(target) == [
        SavedTodo(id: 1, title: "a", isDone: false), SavedTodo(id: 2, title: "b", isDone: false),
      ])
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    // A new file renamed over the old one (not the old one rewritten in place), with its mode.
    #expect(attributes[.systemFileNumber] as? Int != inodeBefore)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
    // Beside the list: its lock file, and no temporary file left behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: path("dotfiles")).sorted() == [
        "todos.json", "todos.json.lock",
      ])

    // A link to a list not created yet: the list is created where the link points.
    let dangling = path("new.json")
    #expect(symlink(path("dotfiles/new.json"), dangling) == 0)
    let created = try todoExecutable.run(
      ["--file", dangling, "--save-delay", "0"], stdin: "add c\n")
    #expect(created.exitCode == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dangling)
        == path("dotfiles/new.json"))
    #expect(try read(path("dotfiles/new.json")) == [SavedTodo(id: 1, title: "c", isDone: false)])
  }

  // MARK: - Concurrent runs

  /// Eight runs started together on one list: they take turns on its lock, so every run's item
  /// is in the list, each with its own id, and every run exits 0. Each run's save delay comes
  /// from a seeded generator (printed on failure), so a failing interleaving can be replayed.
  @Test func concurrentRunsOnOneListTakeTurns() throws {
    defer { removeDirectory() }
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    let file = path("todos.json")
    let runs = try (0..<8).map { index in
      let delay = Int.random(in: 0...200, using: &generator)
      return try todoExecutable.start(
        ["--file", file, "--save-delay", "\(delay)"], stdin: .text("add item \(index)\n"))
    }
    let results = try runs.map { try $0.wait() }
    for (index, result) in results.enumerated() {
      #expect(result.exitCode == 0, "run \(index), seed \(seed)")
      #expect(result.stderr == "", "run \(index), seed \(seed)")
    }
    let saved = try read(file)
    #expect(Set(saved.map(\.title)) == Set((0..<8).map { "item \($0)" }), "seed \(seed)")
    #expect(saved.map(\.id).sorted() == Array(1...8), "seed \(seed)")
  }

  // MARK: - Terminals

  @Test func inATerminalTheListIsShownBeforeTheFirstCommand() throws {
    defer { removeDirectory() }
    let file = path("todos.json")
    try write([SavedTodo(id: 1, title: "a", isDone: false)], to: file)
    let terminal = try PseudoTerminal()
    let running = try todoExecutable.start(["--file", file], stdin: .descriptor(terminal.slave))
    terminal.closeSlave()  // the child has its own copy
    terminal.type("quit\n")
    let result = try running.wait()
    #expect(result.exitCode == 0)
    #expect(result.stdout == "Todos (all): 1 of 1 left\n  [ ] 1. a\n")
  }
}
