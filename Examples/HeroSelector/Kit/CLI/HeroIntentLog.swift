import ReactiveMVI

/// The record/replay log: one JSON object per line, `{"intent":"next"}`. Lines are written by
/// ReactiveMVI's `IntentLog` (`HeroIntent` is `Codable` in this form); reading them back goes
/// through the demo's own JSON parser, which names the line and column of a fault.
public enum HeroIntentLog {
  /// The log line for `intent` (no newline), as `IntentLog` writes it.
  public static func line(for intent: HeroIntent) -> String {
    (try? IntentLog.jsonLine(for: intent)) ?? "{\"intent\":\"\(intent.rawValue)\"}"
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
