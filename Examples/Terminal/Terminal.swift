#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal the example apps cannot use (its settings cannot be read or changed).
public struct TerminalError: Error, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
}

/// What the example apps' full-screen modes share about the terminal.
public enum Terminal {
  /// How long a lone Esc waits for the rest of an escape sequence before it counts as Esc.
  public static let escapeTimeoutMilliseconds: Int32 = 60

  /// Whether to colour the screen: `output` is a terminal that is not "dumb", and `NO_COLOR` is
  /// not set.
  public static func colorAllowed(output: Int32) -> Bool {
    guard isatty(output) == 1, getenv("NO_COLOR") == nil else { return false }
    guard let term = getenv("TERM").map({ String(cString: $0) }) else { return false }
    return !term.isEmpty && term != "dumb"
  }

  /// The `poll` descriptor that waits for input on `fd`.
  public static func inputPollDescriptor(fd: Int32) -> pollfd {
    pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
  }
}
