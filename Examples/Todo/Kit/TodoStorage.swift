import Foundation
import ReactiveEngine

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

/// The list as a JSON file: `[{"id":1,"title":"Buy milk","isDone":false}, …]`.
///
/// - Symbolic links are followed: when `path` is a link (as dotfile managers make them), the
///   list is read from and written to the file it points to, and the link stays a link.
/// - Writes are atomic: the new list goes to a temporary file beside the list, is flushed to
///   disk and renamed over the old one, so a crash never leaves half a list; the list keeps its
///   permissions.
/// - ``lock(whileWaiting:)`` takes an advisory `flock` on a lock file beside the list (the list
///   itself is replaced on every save, so it cannot carry the lock), so that runs of the program
///   on one list take turns instead of overwriting each other's changes.
/// - ``load()`` accepts only a list whose ids are in ``Todo/validIDs`` and distinct.
///
/// Thread safety: a value with no mutable state; concurrent calls are safe but not ordered
/// (the program serializes its saves on the main queue).
public struct JSONFileStorage: TodoStorage {
  /// The largest list file: `load` reads no larger one (a todo list, not a database) and `save`
  /// writes none, so a list that is saved can always be loaded again.
  public static let maximumFileSize = 8 << 20
  /// How many symbolic links `path` may go through (Linux's own limit).
  static let maximumLinkHops = 40

  public let path: String

  public init(path: String) { self.path = path }

  /// The file the list lives in: `path` with symbolic links followed, as far as they lead (the
  /// last one may name a file not created yet).
  func listFile() throws(StorageError) -> String {
    var file = path
    // The last check may find a file after `maximumLinkHops` links, as the kernel's own walk does.
    for _ in 0...Self.maximumLinkHops {
      var info = stat()
      // Anything but an existing link (no file yet, a directory on the way that cannot be
      // read) is left to the open that follows, which reports it.
      guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return file }
      let target = try readLink(file)
      file = target.hasPrefix("/") ? target : Self.directory(of: file) + target
    }
    throw StorageError("\(path): too many levels of symbolic links")
  }

  public func load() throws -> [Todo] {
    let file = try listFile()
    let fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // a FIFO must not block the open
    guard fd >= 0 else {
      if errno == ENOENT { return [] }
      throw StorageError("\(path): cannot read: \(Self.lastError())")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw StorageError("\(path): cannot read: \(Self.lastError())")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw StorageError("\(path): not a regular file")
    }
    guard info.st_size <= Self.maximumFileSize else {
      throw StorageError("\(path): larger than \(Self.maximumFileSize) bytes")
    }
    let data = try readAll(fd)
    let todos: [Todo]
    do { todos = try JSONDecoder().decode([Todo].self, from: data) } catch {
      throw StorageError("\(path): not a todo list (\(error))")
    }
    if let (position, todo) = todos.enumerated().first(where: {
      !Todo.validIDs.contains($0.element.id)
    }) {
      throw StorageError(
        "\(path): item \(position + 1) has the id \(todo.id); ids are whole numbers from "
          + "\(Todo.validIDs.lowerBound) to \(Todo.validIDs.upperBound)")
    }
    guard Set(todos.map(\.id)).count == todos.count else {
      throw StorageError("\(path): two items have the same id")
    }
    return todos
  }

  public func save(_ todos: [Todo]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(todos)
    guard data.count <= Self.maximumFileSize else {
      throw StorageError(
        "\(path): the list would take \(data.count) bytes, over the limit of "
          + "\(Self.maximumFileSize); the saved list is left as it was")
    }
    let file = try listFile()
    let temporary =
      Self.directory(of: file) + Self.temporaryPrefix(of: file)
      + "\(getpid())-\(UInt32.random(in: .min ... .max))\(Self.temporarySuffix)"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw StorageError("\(path): cannot write: \(Self.lastError())") }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    var existing = stat()
    if stat(file, &existing) == 0 {
      _ = fchmod(fd, existing.st_mode & 0o7777)  // best effort: the list keeps its permissions
    }
    // Flushed before the rename, so the list is never replaced by a file still in the cache.
    let written = Self.writeAll(fd, data) && fsync(fd) == 0
    let writeError = written ? nil : Self.lastError()
    let closed = close(fd) == 0
    if let writeError { throw StorageError("\(path): cannot write: \(writeError)") }
    guard closed else { throw StorageError("\(path): cannot write: \(Self.lastError())") }
    guard rename(temporary, file) == 0 else {
      throw StorageError("\(path): cannot write: \(Self.lastError())")
    }
    renamed = true
    // The rename itself is on disk once the directory is (best effort: some file systems
    // cannot sync a directory).
    let directoryPath = Self.directory(of: file)
    let directory = open(
      directoryPath.isEmpty ? "." : directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
  }

  /// Waits for and takes the list's lock (`flock` on `LIST.lock` beside the file the list lives
  /// in), held until the returned lock is released; calls `whileWaiting` first when another
  /// process holds it. Returns nil when no lock file can be made where the list lives (no such
  /// directory, no permission, a read-only file system): the list cannot be written there
  /// either, so there is no change to lose. Also nil when the list is not a regular file, which
  /// ``load()`` rejects.
  public func lock(whileWaiting: () -> Void) throws -> ListLock? {
    let file = try listFile()
    var info = stat()
    if stat(file, &info) == 0 && info.st_mode & S_IFMT != S_IFREG { return nil }
    let lockFile = file + ".lock"
    var fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
    if fd < 0 && errno == EACCES {
      fd = open(lockFile, O_RDONLY | O_CLOEXEC)  // someone else's lock file: flock works read-only
    }
    guard fd >= 0 else {
      if [ENOENT, ENOTDIR, EACCES, EROFS].contains(errno) { return nil }
      throw StorageError("\(lockFile): cannot lock: \(Self.lastError())")
    }
    let lock = ListLock(fd: fd)
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        throw StorageError("\(lockFile): cannot lock: \(Self.lastError())")
      }
      whileWaiting()
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else {
          throw StorageError("\(lockFile): cannot lock: \(Self.lastError())")
        }
      }
    }
    removeAbandonedTemporaryFiles(of: file)
    return lock
  }

  /// Removes the temporary files a save killed before its rename left beside `file`
  /// (`.NAME.PID-RANDOM.tmp`). Called with the list's lock held: every run of the program saves
  /// only while it holds the lock, so any such file found then belongs to no save in progress.
  /// Best effort: a file that cannot be removed is left for a later run.
  private func removeAbandonedTemporaryFiles(of file: String) {
    let directory = Self.directory(of: file)
    let prefix = Self.temporaryPrefix(of: file)
    guard
      let names = try? FileManager.default.contentsOfDirectory(
        atPath: directory.isEmpty ? "." : directory)
    else { return }
    for name in names where Self.isTemporaryName(name, prefix: prefix) {
      unlink(directory + name)
    }
  }

  /// How a save's temporary file for `file` starts: hidden, named after the list.
  static func temporaryPrefix(of file: String) -> String { ".\(name(of: file))." }

  static let temporarySuffix = ".tmp"

  /// Whether `name` is exactly `prefix` + `PID-RANDOM` + `.tmp`, as `save` names its
  /// temporary file (anything else beside the list is not ours to remove).
  static func isTemporaryName(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix), name.hasSuffix(temporarySuffix) else { return false }
    let middle = name.dropFirst(prefix.count).dropLast(temporarySuffix.count)
    let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 2
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }

  /// The target of the symbolic link `file`.
  private func readLink(_ file: String) throws(StorageError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(file, &buffer, buffer.count)
    guard count >= 0, count < buffer.count else {
      throw StorageError("\(path): cannot follow the link \(file): \(Self.lastError())")
    }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The whole content of `fd`, refusing more than ``maximumFileSize`` bytes (the file may grow
  /// after `fstat`).
  private func readAll(_ fd: Int32) throws(StorageError) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw StorageError("\(path): cannot read: \(Self.lastError())") }
      if count == 0 { return data }
      data.append(contentsOf: chunk[..<count])
      guard data.count <= Self.maximumFileSize else {
        throw StorageError("\(path): larger than \(Self.maximumFileSize) bytes")
      }
    }
  }

  private static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// The directory part of `file`, with its trailing slash ("" for a bare name).
  static func directory(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return "" }
    return String(file[...slash])
  }

  /// The last component of `file`.
  static func name(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return file }
    return String(file[file.index(after: slash)...])
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// A held lock on a list (see ``JSONFileStorage/lock(whileWaiting:)``); released when this
/// object is released, or when the process ends.
///
/// Thread safety: immutable; releasing it is the only action.
public final class ListLock: Sendable {
  private let fd: Int32

  init(fd: Int32) { self.fd = fd }

  deinit { close(fd) }  // closing the last descriptor of the open file drops the flock
}
