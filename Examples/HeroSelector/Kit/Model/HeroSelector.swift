/// The business logic of the demo: a "database" of heroes with a cursor.
///
/// Reading (`currentHero`, `previousAvailable`, `nextAvailable`, `presentingState`) never moves
/// the cursor — the original app's getters did, so asking whether a next hero existed skipped it.
/// Only `moveToNext()` and `moveToPrevious()` move it, and only when a move is possible.
///
/// ```swift
/// var selector = HeroSelector(roster: Hero.defaultRoster)
/// print(selector.nextAvailable, selector.nextAvailable, selector.currentHero.name)
/// // Prints: true true Son-Goku
/// selector.moveToNext()
/// print(selector.currentHero.name)
/// // Prints: YoRHa 2B
/// ```
public struct HeroSelector: Equatable, Sendable {
  /// The heroes, in order; never empty, names unique (see `Roster`).
  public let roster: Roster
  /// The index of the current hero in `roster.heroes`.
  public private(set) var cursor: Int

  /// A selector on `roster`, positioned on its first hero.
  public init(roster: Roster) {
    self.roster = roster
    self.cursor = 0
  }

  /// A selector on `roster`, positioned on `hero` (the first hero if `hero` is not in it).
  public init(roster: Roster, positionedOn hero: Hero) {
    self.roster = roster
    self.cursor = roster.index(of: hero) ?? 0
  }

  /// The hero under the cursor.
  public var currentHero: Hero { roster.heroes[cursor] }
  /// Whether there is a hero before the current one.
  public var previousAvailable: Bool { cursor > 0 }
  /// Whether there is a hero after the current one.
  public var nextAvailable: Bool { cursor < roster.heroes.count - 1 }

  /// The state that presents the current hero.
  public var presentingState: HeroState {
    .presenting(currentHero, previousAvailable: previousAvailable, nextAvailable: nextAvailable)
  }

  /// Moves to the next hero if there is one; returns whether it moved.
  @discardableResult
  public mutating func moveToNext() -> Bool {
    guard nextAvailable else { return false }
    cursor += 1
    return true
  }

  /// Moves to the previous hero if there is one; returns whether it moved.
  @discardableResult
  public mutating func moveToPrevious() -> Bool {
    guard previousAvailable else { return false }
    cursor -= 1
    return true
  }
}
