import ExampleTerminal
import Foundation

/// One line of input: `add TITLE`, `toggle ID`, `delete ID`, `filter all|active|done`, `clear`,
/// `list`, `quit` (aliases `a`, `t`, `d`, `f`, `c`, `l`, `q`).
public enum TodoCommand: Equatable, Sendable {
  case intent(TodoFeature.Intent)
  /// Shows the list again.
  case list
  case quit

  /// The longest title accepted, in characters.
  public static let maximumTitleLength = 500
  /// The longest title accepted, in bytes of UTF-8: a character can carry any number of
  /// combining marks, so a count of characters alone bounds no size.
  public static let maximumTitleBytes = 2_000

  /// Parses one line (without its terminator); throws a message naming the problem.
  public static func parse(_ line: Substring) throws(TodoError) -> TodoCommand {
    let trimmed = line.drop(while: \.isWhitespace)
    let word = trimmed.prefix(while: { !$0.isWhitespace })
    let rest = String(trimmed.dropFirst(word.count).drop(while: \.isWhitespace))
      .trimmingTrailingWhitespace()
    switch word {
    case "add", "a":
      guard !rest.isEmpty else { throw .data("add needs a title") }
      guard rest.count <= maximumTitleLength else {
        throw .data("the title is longer than \(maximumTitleLength) characters")
      }
      guard rest.utf8.count <= maximumTitleBytes else {
        throw .data("the title is longer than \(maximumTitleBytes) bytes of UTF-8")
      }
      guard !rest.unicodeScalars.contains(where: \.isControlCharacter) else {
        throw .data("the title contains a control character")
      }
      return .intent(.add(rest))
    case "toggle", "t": return .intent(.toggle(id: try id(rest, for: word)))
    case "delete", "d": return .intent(.delete(id: try id(rest, for: word)))
    case "filter", "f":
      guard let filter = Filter(rawValue: rest) else {
        throw .data("filter takes all, active or done, not '\(excerpt(rest))'")
      }
      return .intent(.setFilter(filter))
    case "clear", "c": return try noArgument(rest, .intent(.clearCompleted), word)
    case "list", "l": return try noArgument(rest, .list, word)
    case "quit", "q": return try noArgument(rest, .quit, word)
    default:
      throw .data(
        "unknown command '\(excerpt(String(word)))' (add, toggle, delete, filter, clear, list, quit)"
      )
    }
  }

  private static func id(_ text: String, for word: Substring) throws(TodoError) -> Int {
    guard let id = Int(text), id > 0, text.allSatisfy(\.isASCII) else {
      throw .data("\(word) needs an item number, not '\(excerpt(text))'")
    }
    return id
  }

  private static func noArgument(_ rest: String, _ command: TodoCommand, _ word: Substring)
    throws(TodoError) -> TodoCommand
  {
    guard rest.isEmpty else { throw .data("\(word) takes no argument") }
    return command
  }

  /// A short, printable excerpt of user input for an error message.
  static func excerpt(_ text: String) -> String {
    let escaped = text.prefix(40).escapingControlCharacters
    return text.count > 40 ? escaped + "…" : escaped
  }
}

extension String {
  fileprivate func trimmingTrailingWhitespace() -> String {
    var result = self
    while result.last?.isWhitespace == true { result.removeLast() }
    return result
  }
}

/// An error of the `todo` program, with its exit code (sysexits: 64 usage, 65 data, 74 I/O;
/// 128 + the signal's number for a run stopped by a signal, as shells report it).
public enum TodoError: Error, Equatable {
  case usage(String)
  case data(String)
  case io(String)
  /// The run was stopped by this signal (Ctrl-C, a closed terminal, `kill`).
  case interrupted(signal: Int32)

  public var message: String {
    switch self {
    case .usage(let message), .data(let message), .io(let message): message
    case .interrupted(let signal): "stopped by a signal (\(String(cString: strsignal(signal))))"
    }
  }

  public var exitCode: Int32 {
    switch self {
    case .usage: 64
    case .data: 65
    case .io: 74
    case .interrupted(let signal): 128 + signal
    }
  }
}
