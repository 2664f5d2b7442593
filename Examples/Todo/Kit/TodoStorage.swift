import Foundation

/// Where the list is kept between runs.
public protocol TodoStorage: Sendable {
  /// The saved list (empty when nothing was saved yet).
  func load() throws -> [Todo]
  /// Replaces the saved list with `todos`.
  func save(_ todos: [Todo]) throws
}

/// What went wrong reading or writing the list, with the file it concerns.
public struct StorageError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// The list as a JSON file: `[{"id":1,"title":"Buy milk","isDone":false}, …]`, written
/// atomically (a temporary file renamed over the old one), so a crash never leaves half a list.
public struct JSONFileStorage: TodoStorage {
  /// The largest file `load` accepts: a todo list, not a database.
  public static let maximumFileSize = 8 << 20

  public let path: String

  public init(path: String) { self.path = path }

  public func load() throws -> [Todo] {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return []
    }
    guard !isDirectory.boolValue,
      let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      attributes[.type] as? FileAttributeType == .typeRegular
    else { throw StorageError("\(path): not a regular file") }
    if let size = attributes[.size] as? Int, size > Self.maximumFileSize {
      throw StorageError("\(path): larger than \(Self.maximumFileSize) bytes")
    }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw StorageError("\(path): cannot read: \(error.localizedDescription)")
    }
    do {
      let todos = try JSONDecoder().decode([Todo].self, from: data)
      guard Set(todos.map(\.id)).count == todos.count else {
        throw StorageError("\(path): two items have the same id")
      }
      return todos
    } catch let error as StorageError {
      throw error
    } catch {
      throw StorageError("\(path): not a todo list (\(error))")
    }
  }

  public func save(_ todos: [Todo]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(todos).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw StorageError("\(path): cannot write: \(error.localizedDescription)")
    }
  }
}
