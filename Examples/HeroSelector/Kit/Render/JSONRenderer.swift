/// Renders a `HeroState` as one line of JSON, fields in a fixed order:
///
/// ```swift
/// print(JSONRenderer.render(HeroSelector(roster: .default).presentingState))
/// // Prints: {"state":"presenting","hero":{"name":"Son-Goku","speed":7,"power":7,"stamina":5},"previousAvailable":false,"nextAvailable":true}
/// ```
public enum JSONRenderer {
  /// One JSON object, no trailing newline.
  public static func render(_ state: HeroState) -> String {
    switch state {
    case .presenting(let hero, let previousAvailable, let nextAvailable):
      "{\"state\":\"presenting\",\"hero\":\(render(hero)),"
        + "\"previousAvailable\":\(previousAvailable),\"nextAvailable\":\(nextAvailable)}"
    case .selected(let hero):
      "{\"state\":\"selected\",\"hero\":\(render(hero))}"
    }
  }

  /// `{"name":…,"speed":…,"power":…,"stamina":…}`.
  public static func render(_ hero: Hero) -> String {
    "{\"name\":\(quote(hero.name)),\"speed\":\(hero.speed),\"power\":\(hero.power),"
      + "\"stamina\":\(hero.stamina)}"
  }

  /// `text` as a JSON string literal.
  public static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
