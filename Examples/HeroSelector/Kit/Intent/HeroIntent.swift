/// What the user asks for. Words on the command line and in intent streams: `next`, `previous`,
/// `select`, `dismiss`, `quit`, or their one-letter aliases `n`, `p`, `s`, `d`, `q`.
///
/// ```swift
/// print(HeroIntent(word: "n") == .next)
/// // Prints: true
/// ```
public enum HeroIntent: String, CaseIterable, Sendable, Equatable, Hashable {
  case next, previous, select, dismiss, quit

  /// Parses an intent word or alias (case-insensitive, surrounding spaces ignored); nil if unknown.
  public init?(word: some StringProtocol) {
    let word = word.trimmingSpaces().lowercased()
    if let intent = HeroIntent(rawValue: word) {
      self = intent
      return
    }
    switch word {
    case "n": self = .next
    case "p": self = .previous
    case "s": self = .select
    case "d": self = .dismiss
    case "q": self = .quit
    default: return nil
    }
  }

  /// The list of accepted words, for error messages.
  static let wordList = "next, previous, select, dismiss, quit (or n, p, s, d, q)"

  /// Parses `word`, or throws a message naming it.
  static func parse(_ word: some StringProtocol) throws(HeroSelectorError) -> HeroIntent {
    guard let intent = HeroIntent(word: word) else {
      throw .data("unknown intent '\(excerpt(word.trimmingSpaces()))'; expected \(wordList)")
    }
    return intent
  }
}

extension StringProtocol {
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[start...end])
  }
}

/// The record/replay form of an intent: `{"intent":"next"}` (see `HeroIntentLog`). With it,
/// ReactiveMVI's `IntentLog` and `.recordingIntents` write the demo's log format.
extension HeroIntent: Codable {
  enum CodingKeys: String, CodingKey { case intent }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let word = try container.decode(String.self, forKey: .intent)
    guard let intent = HeroIntent(word: word) else {
      throw DecodingError.dataCorruptedError(
        forKey: .intent, in: container, debugDescription: "unknown intent '\(excerpt(word))'")
    }
    self = intent
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rawValue, forKey: .intent)
  }
}
