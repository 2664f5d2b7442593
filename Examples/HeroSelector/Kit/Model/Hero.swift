/// A hero of the roster: a unique name and three stats from 0 through 10.
///
/// ```swift
/// let goku = Hero(name: "Son-Goku", speed: 7, power: 7, stamina: 5)
/// print(goku.speed)
/// // Prints: 7
/// ```
public struct Hero: Equatable, Hashable, Sendable {
  /// The valid range of every stat.
  public static let statRange: ClosedRange<Int> = 0...10

  public let name: String
  public let speed: Int
  public let power: Int
  public let stamina: Int

  /// Creates a hero. The stats are expected in `Hero.statRange`; `Roster` validates them.
  public init(name: String, speed: Int, power: Int, stamina: Int) {
    self.name = name
    self.speed = speed
    self.power = power
    self.stamina = stamina
  }

  /// Equal when every field is; the stats are compared before the name, since they are cheaper
  /// to compare (the store compares each reduced state with the current one).
  public static func == (lhs: Hero, rhs: Hero) -> Bool {
    lhs.speed == rhs.speed && lhs.power == rhs.power && lhs.stamina == rhs.stamina
      && lhs.name == rhs.name
  }

  /// The three stats with their display names, in display order.
  public var stats: [(name: String, value: Int)] {
    [("Speed", speed), ("Power", power), ("Stamina", stamina)]
  }
}

extension Hero {
  /// The article's roster, in order: Son-Goku, YoRHa 2B, Lara Croft.
  public static let defaultRoster: [Hero] = [
    Hero(name: "Son-Goku", speed: 7, power: 7, stamina: 5),
    Hero(name: "YoRHa 2B", speed: 10, power: 5, stamina: 5),
    Hero(name: "Lara Croft", speed: 6, power: 6, stamina: 7),
  ]
}

/// Encoded as `{"name":…,"power":…,"speed":…,"stamina":…}`, for recorded sessions (whose states
/// are checked on opening).
extension Hero: Codable {}
