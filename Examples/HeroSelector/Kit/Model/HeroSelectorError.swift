/// An error the program reports on standard error before exiting: a usage error (exit code 64,
/// `EX_USAGE`) or a data error (exit code 65, `EX_DATAERR`), with one message that names the
/// file, line or word at fault.
public struct HeroSelectorError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The command line is wrong: unknown option or intent word, missing option value.
    case usage
    /// An input is wrong: roster, intent stream, replay log.
    case data
  }

  public let kind: Kind
  public let message: String

  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  public static func usage(_ message: String) -> Self { Self(kind: .usage, message: message) }
  public static func data(_ message: String) -> Self { Self(kind: .data, message: message) }

  /// The process exit code: 64 for usage errors, 65 for data errors.
  public var exitCode: Int32 { kind == .usage ? 64 : 65 }

  /// The same error with `prefix: ` in front of the message (a file name, `file:line`, …).
  public func located(_ prefix: String) -> Self {
    Self(kind: kind, message: "\(prefix): \(message)")
  }

  public var description: String { message }
}
