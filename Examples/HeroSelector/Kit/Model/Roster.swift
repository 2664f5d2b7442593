/// A validated list of heroes: not empty, every stat in `Hero.statRange`, names unique.
///
/// ```swift
/// let roster = try Roster(heroes: Hero.defaultRoster)
/// print(roster.heroes.count)
/// // Prints: 3
/// ```
public struct Roster: Equatable, Sendable {
  public let heroes: [Hero]

  /// Validates `heroes`; the error says which hero and which stat is wrong.
  public init(heroes: [Hero]) throws(HeroSelectorError) {
    guard !heroes.isEmpty else { throw .data("the roster is empty: it needs at least one hero") }
    var seen = Set<String>()
    for (index, hero) in heroes.enumerated() {
      if hero.name.isEmpty { throw .data("hero \(index + 1) has an empty name") }
      for stat in hero.stats where !Hero.statRange.contains(stat.value) {
        throw .data(
          "hero \"\(hero.name)\": \(stat.name.lowercased()) \(stat.value) is outside 0...10")
      }
      if !seen.insert(hero.name).inserted {
        throw .data("duplicate hero name \"\(hero.name)\"")
      }
    }
    self.heroes = heroes
  }

  /// The article's three heroes.
  public static let `default` = Roster(unchecked: Hero.defaultRoster)

  private init(unchecked heroes: [Hero]) { self.heroes = heroes }
}
