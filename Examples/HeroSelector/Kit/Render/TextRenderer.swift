/// Draws a `HeroState` as lines of text: the hero's name, the three stats as bars from 0 to 10,
/// which arrows are available, and for `selected` an alert box "You selected <name>" with its
/// Dismiss action.
///
/// ```swift
/// let text = TextRenderer().render(HeroSelector(roster: .default).presentingState)
/// print(text)
/// // Prints:
/// // Son-Goku
/// //   Speed    ███████░░░  7
/// //   Power    ███████░░░  7
/// //   Stamina  █████░░░░░  5
/// //   Arrows: → next
/// ```
public struct TextRenderer: Sendable {
  /// Whether to use ANSI colours and bold.
  public var color: Bool

  public init(color: Bool = false) { self.color = color }

  /// The screen for `state`, lines joined with "\n", no trailing newline.
  public func render(_ state: HeroState) -> String {
    lines(for: state).joined(separator: "\n")
  }

  /// The screen for `state`, one element per line.
  public func lines(for state: HeroState) -> [String] {
    switch state {
    case .presenting(let hero, let previousAvailable, let nextAvailable):
      var arrows: [String] = []
      if previousAvailable { arrows.append("← previous") }
      if nextAvailable { arrows.append("→ next") }
      let arrowText = arrows.isEmpty ? "none" : arrows.joined(separator: "  ")
      return card(hero) + ["  Arrows: " + paint(arrowText, Ansi.cyan)]
    case .selected(let hero):
      return card(hero) + alertBox(title: "You selected \(hero.name)", action: "[ Dismiss ]")
    }
  }

  /// The columns the full screen needs (the alert box is the widest part).
  public static let fullWidth = 47

  /// A short form of the screen for terminals narrower than ``fullWidth`` columns or shorter
  /// than the full screen: one line for the hero, one for the arrows or the alert, each cut to
  /// `width` columns so that nothing wraps.
  public func shortLines(for state: HeroState, width: Int) -> [String] {
    let lines: [String]
    switch state {
    case .presenting(let hero, let previousAvailable, let nextAvailable):
      lines = [
        "\(hero.name) S\(hero.speed) P\(hero.power) St\(hero.stamina)",
        (previousAvailable ? "← " : "  ") + (nextAvailable ? "→" : " "),
      ]
    case .selected(let hero):
      lines = [
        "\(hero.name) S\(hero.speed) P\(hero.power) St\(hero.stamina)", "Selected! [Dismiss]",
      ]
    }
    return lines.map { $0.truncated(toColumns: max(width, 1)) }
  }

  /// A bar of `Hero.statRange.upperBound` cells, `value` of them filled.
  public static func bar(_ value: Int) -> String {
    let width = Hero.statRange.upperBound
    let filled = min(max(value, 0), width)
    return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
  }

  private func card(_ hero: Hero) -> [String] {
    var lines = [paint(hero.name, Ansi.bold)]
    for stat in hero.stats {
      let label = stat.name.padding(to: 9)
      let bar = Self.bar(stat.value)
      let filled = String(bar.prefix(stat.value))
      let empty = String(bar.dropFirst(stat.value))
      let value = String(stat.value)
      lines.append(
        "  \(label)\(paint(filled, Ansi.green))\(paint(empty, Ansi.dim))  "
          + String(repeating: " ", count: 2 - value.count) + value)
    }
    return lines
  }

  private func alertBox(title: String, action: String) -> [String] {
    let inner = max(title.count, action.count) + 4
    func centered(_ text: String) -> String {
      let left = (inner - text.count) / 2
      return String(repeating: " ", count: left) + text
        + String(repeating: " ", count: inner - text.count - left)
    }
    let edge = String(repeating: "─", count: inner)
    let border = { (text: String) in self.paint(text, Ansi.yellow) }
    return [
      border("╭" + edge + "╮"),
      border("│") + paint(centered(title), Ansi.bold) + border("│"),
      border("│") + String(repeating: " ", count: inner) + border("│"),
      border("│") + paint(centered(action), Ansi.reverse) + border("│"),
      border("╰" + edge + "╯"),
    ]
  }

  private func paint(_ text: String, _ code: String) -> String {
    color && !text.isEmpty ? code + text + Ansi.reset : text
  }
}

/// ANSI escape sequences used by the renderer and the terminal.
enum Ansi {
  static let reset = "\u{1B}[0m"
  static let bold = "\u{1B}[1m"
  static let dim = "\u{1B}[2m"
  static let reverse = "\u{1B}[7m"
  static let green = "\u{1B}[32m"
  static let yellow = "\u{1B}[33m"
  static let cyan = "\u{1B}[36m"
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

extension String {
  /// The columns this text takes on a terminal: ANSI escape sequences take none, East Asian
  /// wide characters and emoji take two, everything else one.
  var terminalColumns: Int {
    var columns = 0
    var inEscape = false
    for scalar in unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" {
        inEscape = true
        continue
      }
      columns += scalar.isWide ? 2 : 1
    }
    return columns
  }

  /// This (plain) text cut to at most `columns` terminal columns, with `…` when cut.
  func truncated(toColumns columns: Int) -> String {
    guard terminalColumns > columns else { return self }
    var result = ""
    var used = 0
    for character in self {
      let width = String(character).terminalColumns
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }
}

extension Unicode.Scalar {
  /// Whether a terminal draws this scalar two columns wide (East Asian Wide/Fullwidth, emoji).
  fileprivate var isWide: Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
