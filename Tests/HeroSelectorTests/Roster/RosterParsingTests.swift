import Testing

@testable import HeroSelectorKit

@Suite struct RosterParsingTests {
  func message(_ text: String) -> String? {
    do {
      _ = try Roster.parse(text, file: "h.json")
      return nil
    } catch {
      #expect(error.exitCode == 65)
      return error.message
    }
  }

  @Test func parsesARoster() throws {
    let roster = try Roster.parse(
      """
      [
        {"name": "Zed", "speed": 0, "power": 10, "stamina": 3},
        {"stamina": 1, "power": 2, "speed": 3, "name": "Amy"}
      ]
      """, file: "h.json")
    #expect(
      roster.heroes == [
        Hero(name: "Zed", speed: 0, power: 10, stamina: 3),
        Hero(name: "Amy", speed: 3, power: 2, stamina: 1),
      ])
  }

  @Test func malformedJSONNamesFileLineAndColumn() {
    #expect(
      message("[\n  {\"name\": \"A\" \"speed\": 1}\n]")
        == "h.json:2:16: malformed JSON: expected ',' or '}', found character '\"'")
    #expect(message("") == "h.json:1:1: malformed JSON: expected a JSON value, found end of file")
    #expect(
      message("[{\"name\": \"A\",")
        == "h.json:1:15: malformed JSON: expected a string key, found end of file")
    #expect(
      message("[1] x")
        == "h.json:1:5: malformed JSON: unexpected character 'x' after the end of the JSON value")
    #expect(
      message("[\"é\" x]") == "h.json:1:6: malformed JSON: expected ',' or ']', found character 'x'"
    )
    #expect(message("[\"abc]") == "h.json:1:7: malformed JSON: unterminated string")
    #expect(message("[tru]") == "h.json:1:5: malformed JSON: invalid literal, expected 'true'")
  }

  @Test func wrongShapes() {
    #expect(
      message("{}") == "h.json:1:1: the roster must be a JSON array of heroes, found an object")
    #expect(message(" []") == "h.json:1:2: the roster is empty: it needs at least one hero")
    #expect(message("[3]") == "h.json:1:2: hero 1 must be an object, found a number")
    #expect(
      message(#"[{"speed":1,"power":1,"stamina":1}]"#) == "h.json:1:2: hero 1 has no \"name\"")
    #expect(
      message(#"[{"name":7}]"#) == "h.json:1:10: hero 1: name must be a string, found a number")
    #expect(message(#"[{"name":" "}]"#) == "h.json:1:10: hero 1: name is empty")
    #expect(
      message(#"[{"name":"A","power":1,"stamina":1}]"#) == "h.json:1:2: hero \"A\" has no \"speed\""
    )
    #expect(
      message(#"[{"name":"A","sped":1}]"#)
        == "h.json:1:21: hero 1: unknown key \"sped\"; expected name, speed, power, stamina")
    #expect(message(#"[{"name":"A","name":"B"}]"#) == "h.json:1:21: hero 1: duplicate key \"name\"")
  }

  @Test func statsMustBeWholeNumbersFrom0To10() {
    #expect(
      message(#"[{"name":"A","speed":11,"power":1,"stamina":1}]"#)
        == "h.json:1:22: hero \"A\": speed 11 is outside 0...10")
    #expect(
      message("[{\"name\":\"A\",\"speed\":1,\n\"power\":-1,\"stamina\":1}]")
        == "h.json:2:9: hero \"A\": power must be a whole number from 0 to 10, found -1")
    // The grammar: no sign, no leading zero (`-0`, `007` are refused).
    #expect(
      message(#"[{"name":"A","speed":-0,"power":1,"stamina":1}]"#)
        == "h.json:1:22: hero \"A\": speed must be a whole number from 0 to 10, found -0")
    #expect(
      message(#"[{"name":"A","speed":007,"power":1,"stamina":1}]"#)
        == "h.json:1:22: hero \"A\": speed must be a whole number from 0 to 10, found 007")
    #expect(
      message(#"[{"name":"A","speed":1,"power":1,"stamina":2.5}]"#)
        == "h.json:1:44: hero \"A\": stamina must be a whole number from 0 to 10, found 2.5")
    #expect(
      message(#"[{"name":"A","speed":"7","power":1,"stamina":1}]"#)
        == "h.json:1:22: hero \"A\": speed must be a whole number from 0 to 10, found a string")
  }

  @Test func duplicateNamesNameBothLines() {
    let text = """
      [{"name":"A","speed":1,"power":1,"stamina":1},
       {"name":"B","speed":1,"power":1,"stamina":1},
       {"name":"A","speed":2,"power":2,"stamina":2}]
      """
    #expect(message(text) == "h.json:3:10: duplicate hero name \"A\" (first on line 1)")
  }

  @Test func missingFile() {
    #expect(
      throws: HeroSelectorError.data(
        "cannot read roster '/nonexistent/h.json': No such file or directory")
    ) {
      try Roster.load(path: "/nonexistent/h.json")
    }
  }

  @Test func jsonStringEscapes() throws {
    let value = try JSONParser.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
    #expect(value.kind == .string("a\"b\\c/d\né😀"))
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(#""\ud83d""#) }
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("\"a\nb\"") }
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("01x") }
    #expect(throws: JSONSyntaxError.self) {
      try JSONParser.parse(String(repeating: "[", count: 100))
    }
  }
}
