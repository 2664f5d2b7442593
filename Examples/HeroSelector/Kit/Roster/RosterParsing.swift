import ExampleTerminal

extension Roster {
  /// Parses a JSON roster, `[{"name": "…", "speed": 7, "power": 7, "stamina": 5}, …]`.
  ///
  /// Every error names `file` and the line and column of the fault:
  /// `heroes.json:3:14: hero "Zed": speed 11 is outside 0...10`.
  ///
  /// ```swift
  /// let roster = try Roster.parse(#"[{"name":"Zed","speed":1,"power":2,"stamina":3}]"#, file: "x")
  /// print(roster.heroes[0].name)
  /// // Prints: Zed
  /// ```
  public static func parse(_ text: String, file: String) throws(HeroSelectorError) -> Roster {
    let root: JSONValue
    do {
      root = try JSONParser.parse(text)
    } catch {
      throw .data("\(file):\(error.line):\(error.column): malformed JSON: \(error.message)")
    }
    func fail(_ value: JSONValue, _ message: String) -> HeroSelectorError {
      .data("\(file):\(value.line):\(value.column): \(message)")
    }
    guard case .array(let elements) = root.kind else {
      throw fail(root, "the roster must be a JSON array of heroes, found \(root.typeDescription)")
    }
    guard !elements.isEmpty else {
      throw fail(root, "the roster is empty: it needs at least one hero")
    }
    var heroes: [Hero] = []
    var firstLine: [String: Int] = [:]
    for (offset, element) in elements.enumerated() {
      let number = offset + 1
      guard case .object(let members) = element.kind else {
        throw fail(element, "hero \(number) must be an object, found \(element.typeDescription)")
      }
      var fields: [String: JSONValue] = [:]
      for member in members {
        guard ["name", "speed", "power", "stamina"].contains(member.key) else {
          throw fail(
            member.value,
            "hero \(number): unknown key \"\(member.key)\"; expected name, speed, power, stamina")
        }
        guard fields[member.key] == nil else {
          throw fail(member.value, "hero \(number): duplicate key \"\(member.key)\"")
        }
        fields[member.key] = member.value
      }
      guard let nameValue = fields["name"] else {
        throw fail(element, "hero \(number) has no \"name\"")
      }
      guard case .string(let name) = nameValue.kind else {
        throw fail(
          nameValue, "hero \(number): name must be a string, found \(nameValue.typeDescription)")
      }
      guard !name.trimmingSpaces().isEmpty else {
        throw fail(nameValue, "hero \(number): name is empty")
      }
      // Names are drawn on a terminal: control characters (escape sequences, newlines, NUL)
      // could rewrite the screen, so they are refused rather than drawn.
      if let control = name.unicodeScalars.first(where: {
        $0.properties.generalCategory == .control || $0.value == 0x7F
      }) {
        throw fail(
          nameValue,
          "hero \(number): name \"\(excerpt(name))\" contains the control character \(control.escaped(asASCII: true))"
        )
      }
      if let line = firstLine[name] {
        throw fail(nameValue, "duplicate hero name \"\(name)\" (first on line \(line))")
      }
      firstLine[name] = nameValue.line
      var stats: [Int] = []
      for key in ["speed", "power", "stamina"] {
        guard let value = fields[key] else {
          throw fail(element, "hero \"\(name)\" has no \"\(key)\"")
        }
        // The grammar: a stat is 0 or a digit 1-9 followed by digits (no sign, leading zero,
        // fraction or exponent), from 0 to 10.
        guard case .number(let literal) = value.kind, literal.isPlainWholeNumber,
          let stat = Int(literal)
        else {
          let found =
            if case .number(let literal) = value.kind { literal } else { value.typeDescription }
          throw fail(
            value, "hero \"\(name)\": \(key) must be a whole number from 0 to 10, found \(found)")
        }
        guard Hero.statRange.contains(stat) else {
          throw fail(value, "hero \"\(name)\": \(key) \(stat) is outside 0...10")
        }
        stats.append(stat)
      }
      heroes.append(Hero(name: name, speed: stats[0], power: stats[1], stamina: stats[2]))
    }
    return try Roster(heroes: heroes)
  }

  /// The largest roster file accepted, in bytes (a million heroes fit).
  public static let maximumFileSize = 128 << 20

  /// Reads and parses the roster file at `path` (a regular file of at most
  /// ``maximumFileSize`` bytes).
  public static func load(path: String) throws(HeroSelectorError) -> Roster {
    let text: String
    do {
      text = try FileIO.read(path, maximumSize: maximumFileSize)
    } catch {
      throw .data("cannot read roster '\(path)': \(error.message)")
    }
    return try parse(text, file: path)
  }
}

extension String {
  /// Whether this JSON number literal is a plain whole number: `0`, or `1`-`9` then digits.
  fileprivate var isPlainWholeNumber: Bool {
    guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return false
    }
    guard utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return false
    }
    return first != UInt8(ascii: "0") || utf8.count == 1
  }
}
