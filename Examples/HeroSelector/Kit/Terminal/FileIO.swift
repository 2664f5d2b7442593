#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File and descriptor I/O on plain POSIX calls (no C `stdin`/`stdout` globals in Swift 6 mode).
enum FileIO {
  struct Failure: Error {
    let message: String
    init(errno code: Int32) { message = String(cString: strerror(code)) }
  }

  /// The whole file as UTF-8 text (invalid bytes replaced).
  static func read(_ path: String) throws(Failure) -> String {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw Failure(errno: errno) }
    defer { close(fd) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(errno: errno)
      }
      if count == 0 { break }
      data.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Appends `text` to the file at `path`, creating it if needed.
  static func append(_ text: String, to path: String) throws(Failure) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard fd >= 0 else { throw Failure(errno: errno) }
    defer { close(fd) }
    try writeAll(fd, text)
  }

  /// Writes every byte of `text` to `fd`, retrying on EINTR and short writes.
  static func writeAll(_ fd: Int32, _ text: String) throws(Failure) {
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
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

@inline(__always)
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
