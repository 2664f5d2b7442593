import ExampleTerminal

/// Reads a file descriptor line by line with `read(2)` (no C `stdin` global, no buffering of
/// output: each line is handled as soon as it arrives).
///
/// Linear in the input: every byte is scanned once for a newline, and consumed lines are dropped
/// from the buffer in one step when they make up half of it. A line longer than `maximumLength`
/// bytes is an error (the rest of the input is not read), so no input can make it grow without
/// bound.
struct LineReader {
  /// The longest line accepted, in bytes (without its terminator).
  static let maximumLength = 64 << 10

  enum Line: Equatable {
    case line(String)
    /// The line at this point is longer than `maximumLength`.
    case tooLong
  }

  let fd: Int32
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  /// How far `buffer` has been searched for a newline (from `start`).
  private var scanned = 0
  private var atEnd = false

  init(fd: Int32) { self.fd = fd }

  /// The next line without its terminator (`\n` or `\r\n`), or nil at end of input. A read error
  /// ends the input.
  mutating func nextLine() -> Line? {
    while true {
      if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = newline + 1
        scanned = start
        compact()
        return .line(line)
      }
      scanned = buffer.count
      if buffer.count - start > Self.maximumLength { return .tooLong }
      if atEnd {
        guard start < buffer.count else { return nil }
        defer {
          buffer.removeAll()
          start = 0
          scanned = 0
        }
        return .line(String(decoding: buffer[start...], as: UTF8.self))
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        atEnd = true
      } else {
        buffer.append(contentsOf: chunk[0..<count])
      }
    }
  }

  /// Drops consumed lines once they are at least half of the buffer (amortized O(1) per byte).
  private mutating func compact() {
    guard start > 0, start * 2 >= buffer.count else { return }
    buffer.removeSubrange(0..<start)
    scanned -= start
    start = 0
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short, printable excerpt of untrusted input for an error message: at most `limit`
/// characters, control characters escaped (`\u{1B}`), `…` when cut.
func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
  var result = ""
  var count = 0
  for scalar in text.unicodeScalars {
    if count == limit {
      result += "…"
      break
    }
    result +=
      scalar.properties.generalCategory == .control || scalar.value == 0x7F
      ? scalar.escaped(asASCII: true) : String(scalar)
    count += 1
  }
  return result
}
