/// An error the program reports on standard error before exiting: a usage error (exit code 64,
/// `EX_USAGE`), a data error (exit code 65, `EX_DATAERR`) or an output error (exit code 74,
/// `EX_IOERR`), with one message that names the file, line or word at fault.
public struct HeroSelectorError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The command line is wrong: unknown option or intent word, missing option value.
    case usage
    /// An input is wrong: roster, intent stream, replay log.
    case data
    /// An output could not be written (a full disk, an I/O error): exit code 74, `EX_IOERR`.
    case io
  }

  public let kind: Kind
  public let message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  public static func usage(_ message: String) -> Self { Self(kind: .usage, message: message) }
  public static func data(_ message: String) -> Self { Self(kind: .data, message: message) }
  public static func io(_ message: String) -> Self { Self(kind: .io, message: message) }

  /// The process exit code: 64 for usage errors, 65 for data errors, 74 for output errors.
  public var exitCode: Int32 {
    switch kind {
    case .usage: 64
    case .data: 65
    case .io: 74
    }
  }

  /// The same error with `prefix: ` in front of the message (a file name, `file:line`, …).
  public func located(_ prefix: String) -> Self {
    Self(kind: kind, message: "\(prefix): \(message)")
  }

  public var description: String { message }
}
