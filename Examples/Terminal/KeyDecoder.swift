/// A key the interactive mode understands.
public enum Key: Equatable, Sendable {
  case left, right, up, down, enter, escape
  /// Home and End (`ESC [H`, `ESC [F`, `ESC OH`, `ESC OF`, `ESC [1~`, `ESC [4~`, `ESC [7~`,
  /// `ESC [8~`), for the time-travel timeline.
  case home, end
  /// Ctrl-C (raw mode delivers it as a byte, not as SIGINT).
  case interrupt
  /// Ctrl-D.
  case endOfInput
  /// Any other byte.
  case character(UInt8)
}

/// Turns the bytes a terminal sends into keys, telling a lone Esc from the escape sequences of
/// the arrow keys (`ESC [ C`, `ESC O C`, …).
///
/// An `ESC` whose following bytes have not arrived yet stays pending: the caller waits a short
/// while for more bytes (`poll`), and calls `timeout()` if none come, which yields `.escape`.
///
/// ```swift
/// var decoder = KeyDecoder()
/// print(decoder.feed([0x1B, 0x5B, 0x43, 0x71]))  // ESC [ C q
/// // Prints: [.right, .character(113)]
/// print(decoder.feed([0x1B]), decoder.isPending, decoder.timeout())
/// // Prints: [] true [.escape]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Whether an incomplete escape sequence waits for more bytes.
  public var isPending: Bool { !pending.isEmpty }

  /// Decodes `bytes` (with any pending prefix); an incomplete sequence at the end stays pending.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      guard byte == 0x1B else {
        keys.append(Self.plainKey(byte))
        index += 1
        continue
      }
      // ESC: look at what follows.
      guard index + 1 < pending.count else { break }  // wait for more (or the timeout)
      let introducer = pending[index + 1]
      if introducer == UInt8(ascii: "[") {
        // CSI: parameter and intermediate bytes, then one final byte in 0x40...0x7E.
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { break }
        if end == index + 2, let key = Self.arrow(pending[end]) {
          keys.append(key)
        } else if end == index + 3, pending[end] == UInt8(ascii: "~") {
          switch pending[index + 2] {
          case UInt8(ascii: "1"), UInt8(ascii: "7"): keys.append(.home)
          case UInt8(ascii: "4"), UInt8(ascii: "8"): keys.append(.end)
          default: break
          }
        }
        index = end + 1
      } else if introducer == UInt8(ascii: "O") {
        guard index + 2 < pending.count else { break }
        if let key = Self.arrow(pending[index + 2]) { keys.append(key) }
        index += 3
      } else {
        keys.append(.escape)  // Esc followed by an ordinary key
        index += 1
      }
    }
    pending.removeFirst(index)
    return keys
  }

  /// No more bytes came: a pending lone `ESC` is the Esc key; a cut-off sequence is dropped.
  public mutating func timeout() -> [Key] {
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.escape] : []
  }

  private static func arrow(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  private static func plainKey(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x03: .interrupt
    case 0x04: .endOfInput
    default: .character(byte)
    }
  }
}
