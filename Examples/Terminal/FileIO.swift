#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File and descriptor I/O on plain POSIX calls (no C `stdin`/`stdout` globals in Swift 6 mode).
public enum FileIO {
  public struct Failure: Error {
    public let message: String
    /// The `errno` value, or 0 for a failure of our own (not a regular file, too large).
    public let code: Int32
    public init(errno code: Int32) {
      self.code = code
      message = String(cString: strerror(code))
    }
    public init(message: String) {
      self.code = 0
      self.message = message
    }
  }

  /// The whole file as UTF-8 text (invalid bytes replaced).
  ///
  /// Only a regular file of at most `maximumSize` bytes is read: a device (`/dev/zero`), a FIFO
  /// or a directory is refused with a message (the open does not block on a FIFO without a
  /// writer), and so is a larger file, so no input can make the program grow without bound.
  public static func read(_ path: String, maximumSize: Int) throws(Failure) -> String {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    guard fd >= 0 else { throw Failure(errno: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw Failure(errno: errno) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw Failure(message: "not a regular file") }
    guard Int(info.st_size) <= maximumSize else {
      throw Failure(message: "larger than \(maximumSize) bytes")
    }
    var data: [UInt8] = []
    data.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(errno: errno)
      }
      if count == 0 { break }
      data.append(contentsOf: chunk[0..<count])
      // The file may grow while it is read.
      if data.count > maximumSize { throw Failure(message: "larger than \(maximumSize) bytes") }
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Replaces the file at `path` (creating it if needed) with `text`.
  public static func replace(_ path: String, with text: String) throws(Failure) {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o644)
    guard fd >= 0 else { throw Failure(errno: errno) }
    defer { close(fd) }
    try writeAll(fd, text)
  }

  /// Appends `text` to the file at `path`, creating it if needed.
  public static func append(_ text: String, to path: String) throws(Failure) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard fd >= 0 else { throw Failure(errno: errno) }
    defer { close(fd) }
    try writeAll(fd, text)
  }

  /// Writes every byte of `text` to `fd`, retrying on EINTR and short writes.
  public static func writeAll(_ fd: Int32, _ text: String) throws(Failure) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(errno: errno)
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

// The POSIX functions under names that do not clash with methods called `read` / `write`.
@inline(__always)
public func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

@inline(__always)
public func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
