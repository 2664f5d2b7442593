import Foundation
import TestSupport
import Testing

/// The built `todo` executable, run by the end-to-end tests.
let todoExecutable = BuiltExecutable(name: "todo")

@Suite(.onOwnThread) struct TodoExecutableTests {
  @Test func scriptedSessionSavesTheListAndShowsEachStep() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let script =
      "add Buy milk\r\n# a comment\n\nadd Walk the dog\ntoggle 1\nfilter active\nquit\nadd ignored\n"
    // The save delay (real time) is long enough that no save can end between a command and its
    // screen even on a loaded machine, so every screen says "saving…"; the last save is waited
    // for at the end of input.
    let result = try todoExecutable.run(["--file", file, "--save-delay", "1000"], stdin: script)
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("Todos (all): 1 of 1 left\n  [ ] 1. Buy milk\nsaving…\n"))
    #expect(result.stdout.contains("Todos (active): 1 of 2 left\n  [ ] 2. Walk the dog\nsaving…\n"))
    #expect(result.stdout.components(separatedBy: "saving…\n").count == 5)  // four screens
    #expect(result.stdout.hasSuffix("saved 2 items to \(file)\n"))
    #expect(!result.stdout.contains("ignored"))
    let saved = try JSONDecoder().decode(
      [SavedTodo].self, from: Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(
      saved == [
        SavedTodo(id: 1, title: "Buy milk", isDone: true),
        SavedTodo(id: 2, title: "Walk the dog", isDone: false),
      ])

    // A second run starts from the saved list.
    let again = try todoExecutable.run(["--file", file, "--format", "json"], stdin: "delete 1\n")
    #expect(again.exitCode == 0)
    #expect(
      again.stdout.hasPrefix(
        #"{"filter":"all","items":[{"done":false,"id":2,"title":"Walk the dog"}],"left":1,"status":"sav"#
      ))
    #expect(again.stdout.split(separator: "\n").count == 1)
  }

  struct SavedTodo: Codable, Equatable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  @Test func anUnsavableListExitsWithAnIOError() throws {
    let result = try todoExecutable.run(
      ["--file", "/nonexistent-directory/todos.json", "--save-delay", "0"], stdin: "add x\n")
    #expect(result.exitCode == 74)
    #expect(
      result.stderr.hasPrefix(
        "todo: the list was not saved: /nonexistent-directory/todos.json: cannot write"))
  }

  @Test func badInputNamesTheLineAndChangesNothing() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let result = try todoExecutable.run(["--file", file], stdin: "list\nfrob\nadd never\n")
    #expect(result.exitCode == 65)
    #expect(
      result.stderr
        == "todo: <stdin>:2: unknown command 'frob' (add, toggle, delete, filter, clear, list, quit)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: file))

    try Data("not json".utf8).write(to: URL(fileURLWithPath: file))
    let corrupt = try todoExecutable.run(["--file", file], stdin: "add x\n")
    #expect(corrupt.exitCode == 65)
    #expect(corrupt.stderr.hasPrefix("todo: cannot load the list: \(file): not a todo list"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "not json")  // left alone
  }

  @Test func anUnknownIdIsReportedAndTheRunGoesOn() throws {
    let directory = try todoExecutable.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json").path
    let result = try todoExecutable.run(
      ["--file", file, "--format", "json"], stdin: "toggle 4\nadd a\n")
    #expect(result.exitCode == 0)
    #expect(result.stderr == "todo: there is no item 4\n")
    #expect(result.stdout.split(separator: "\n").count == 2)
  }

  @Test func usageErrorsAndHelp() throws {
    let help = try todoExecutable.run(["--help"])
    #expect(help.exitCode == 0)
    #expect(help.stdout.hasPrefix("Usage: todo"))
    let unknown = try todoExecutable.run(["--frob"])
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr == "todo: unknown option '--frob' (see todo --help)\n")
    let badFormat = try todoExecutable.run(["--format", "xml"])
    #expect(badFormat.exitCode == 64)
  }

  @Test func aVeryLongLineIsADataErrorNotAHang() throws {
    let line = String(repeating: "a", count: 1 << 20)
    let result = try todoExecutable.run(["--file", "/nonexistent-directory/t.json"], stdin: line)
    #expect(result.exitCode == 65)
    #expect(result.stderr == "todo: <stdin>:1: the line is longer than 65536 bytes\n")
  }
}
