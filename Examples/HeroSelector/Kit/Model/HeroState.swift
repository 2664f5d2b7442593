/// What the hero selector shows: an immutable value, one per emitted state.
///
/// The original app modelled states as classes and read them back with force casts; an enum makes
/// every case explicit and `switch` exhaustive.
public enum HeroState: Equatable, Hashable, Sendable {
  /// A hero is on screen; the arrows say whether there is a hero before or after it.
  case presenting(Hero, previousAvailable: Bool, nextAvailable: Bool)
  /// The user selected `hero`: the alert "You selected <name>" is showing.
  case selected(Hero)

  /// The hero on screen, in either state.
  public var hero: Hero {
    switch self {
    case .presenting(let hero, _, _), .selected(let hero): hero
    }
  }
}

/// Encoded by case (`{"selected":{"_0":{…}}}`), for recorded sessions.
extension HeroState: Codable {}
