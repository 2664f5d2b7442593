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
