/// The record/replay log: one JSON object per line, `{"intent":"next"}`.
public enum HeroIntentLog {
  /// The log line for `intent` (no newline).
  public static func line(for intent: HeroIntent) -> String {
    "{\"intent\":\"\(intent.rawValue)\"}"
  }

  /// Parses one log line; `location` (`file:line`) prefixes every error.
  /// Returns nil for a blank line.
  public static func parse(line text: String, location: String) throws(HeroSelectorError)
    -> HeroIntent?
  {
    if text.trimmingSpaces().isEmpty { return nil }
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw .data("\(location):\(error.column): malformed JSON: \(error.message)")
    }
    guard case .object(let members) = value.kind,
      let field = members.first(where: { $0.key == "intent" })?.value
    else {
      throw .data("\(location): expected an object like {\"intent\":\"next\"}")
    }
    guard case .string(let word) = field.kind else {
      throw .data("\(location): \"intent\" must be a string, found \(field.typeDescription)")
    }
    do {
      return try HeroIntent.parse(word)
    } catch {
      throw error.located(location)
    }
  }
}
