/// Reads a file descriptor line by line with `read(2)` (no C `stdin` global, no buffering of
/// output: each line is handled as soon as it arrives).
struct LineReader {
  let fd: Int32
  private var buffer: [UInt8] = []
  private var atEnd = false

  init(fd: Int32) { self.fd = fd }

  /// The next line without its terminator, or nil at end of input. A read error ends the input.
  mutating func nextLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      if atEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        atEnd = true
      } else {
        buffer.append(contentsOf: chunk[0..<count])
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
