import Foundation
import TestSupport
import Testing

@testable import TodoKit

/// The list file's limits hold on both sides: what one run saves the next one loads, a killed
/// save leaves nothing behind for good, and links are followed as far as the kernel follows them.
@Suite struct TodoStorageLimitTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-storage-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
  func removeDirectory() { try? FileManager.default.removeItem(at: directory) }

  @Test func aListTooLargeToLoadIsNotSavedAndTheSavedListStays() throws {
    defer { removeDirectory() }
    let storage = JSONFileStorage(path: path("todos.json"))
    let small = [Todo(id: 1, title: "Buy milk"), Todo(id: 2, title: "Walk the dog")]
    try storage.save(small)
    // 60,000 items of 100 characters: over the limit once pretty-printed.
    let large = (1...60_000).map { Todo(id: $0, title: String(repeating: "x", count: 100)) }
    #expect {
      try storage.save(large)
    } throws: { error in
      let message = (error as? StorageError)?.description ?? ""
      return message.contains("over the limit of \(JSONFileStorage.maximumFileSize)")
        && message.contains("the saved list is left as it was")
    }
    #expect(try storage.load() == small)
  }

  @Test func whateverIsSavedLoadsAgain() throws {
    defer { removeDirectory() }
    let storage = JSONFileStorage(path: path("todos.json"))
    // Lists around the limit: each is either refused by save or loaded back whole.
    for count in [20_000, 50_000, 55_000, 58_000] {
      let todos = (1...count).map { Todo(id: $0, title: String(repeating: "y", count: 100)) }
      do { try storage.save(todos) } catch is StorageError { continue }
      #expect(try storage.load() == todos, "\(count) items")
    }
  }

  @Test func aTitleOfCombiningMarksIsBoundedInBytes() throws {
    // One character: a letter with 3,000 combining acute accents.
    let title = "e" + String(repeating: "\u{301}", count: 3_000)
    #expect(title.count == 1)
    #expect(throws: TodoError.data("the title is longer than 2000 bytes of UTF-8")) {
      try TodoCommand.parse(Substring("add " + title))
    }
    let accepted = "e" + String(repeating: "\u{301}", count: 999)  // 1 + 1,998 bytes
    #expect(try TodoCommand.parse(Substring("add " + accepted)) == .intent(.add(accepted)))
  }

  @Test func takingTheLockRemovesTheTemporaryFilesOfKilledSaves() throws {
    defer { removeDirectory() }
    let storage = JSONFileStorage(path: path("todos.json"))
    try storage.save([Todo(id: 1, title: "kept")])
    let abandoned = [".todos.json.4242-17.tmp", ".todos.json.1-4294967295.tmp"]
    let others = [
      ".todos.json.backup.tmp", ".todos.json.12-34.tmp.keep", ".other.json.4242-17.tmp",
      "todos.json.4242-17.tmp", ".todos.json.-17.tmp", ".todos.json.12-.tmp",
    ]
    for name in abandoned + others {
      #expect(FileManager.default.createFile(atPath: path(name), contents: Data("[".utf8)))
    }
    let lock = try storage.lock(whileWaiting: {})
    #expect(lock != nil)
    for name in abandoned {
      #expect(!FileManager.default.fileExists(atPath: path(name)), "\(name)")
    }
    for name in others { #expect(FileManager.default.fileExists(atPath: path(name)), "\(name)") }
    #expect(try storage.load() == [Todo(id: 1, title: "kept")])
  }

  /// Links `link0` → `link1` → … → `link(count - 1)` → `todos.json`; returns the first.
  func linkChain(_ count: Int) throws -> String {
    for index in 0..<count {
      let target = index == count - 1 ? "todos.json" : "link\(index + 1)"
      #expect(symlink(target, path("link\(index)")) == 0)
    }
    return path("link0")
  }

  @Test func aChainOfFortyLinksIsFollowedAndFortyOneIsRefused() throws {
    defer { removeDirectory() }
    try JSONFileStorage(path: path("todos.json")).save([Todo(id: 1, title: "deep")])
    let forty = JSONFileStorage(path: try linkChain(40))
    #expect(try forty.load() == [Todo(id: 1, title: "deep")])
    try forty.save([Todo(id: 1, title: "deeper")])
    #expect(try JSONFileStorage(path: path("todos.json")).load() == [Todo(id: 1, title: "deeper")])

    let over = path("over")
    #expect(symlink("link0", over) == 0)
    #expect(throws: StorageError("\(over): too many levels of symbolic links")) {
      try JSONFileStorage(path: over).load()
    }
  }
}
