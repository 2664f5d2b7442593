/// A validated list of heroes: not empty, every stat in `Hero.statRange`, names unique.
///
/// ```swift
/// let roster = try Roster(heroes: Hero.defaultRoster)
/// print(roster.heroes.count)
/// // Prints: 3
/// ```
public struct Roster: Equatable, Sendable {
  public let heroes: [Hero]
  /// The position of each hero by name (names are unique): finding a hero is O(1) in the
  /// roster's size, so an intent costs the same for 3 heroes or a million.
  let indexByName: [String: Int]

  public static func == (lhs: Roster, rhs: Roster) -> Bool { lhs.heroes == rhs.heroes }

  /// The position of `hero` in `heroes`, if it is there.
  public func index(of hero: Hero) -> Int? {
    guard let index = indexByName[hero.name], heroes[index] == hero else { return nil }
    return index
  }

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
    self.indexByName = Self.index(heroes)
  }

  private static func index(_ heroes: [Hero]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(heroes.count)
    for (position, hero) in heroes.enumerated() { index[hero.name] = position }
    return index
  }

  /// The article's three heroes.
  public static let `default` = Roster(unchecked: Hero.defaultRoster)

  private init(unchecked heroes: [Hero]) {
    self.heroes = heroes
    self.indexByName = Self.index(heroes)
  }
}
