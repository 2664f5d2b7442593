/// A small JSON reader that remembers where every value starts, so that error messages can name
/// the line and column of the fault (Foundation's parser does not say where, on every platform).
struct JSONValue: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: Kind, rhs: Kind) -> Bool {
      switch (lhs, rhs) {
      case (.object(let a), .object(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      case (.array(let a), .array(let b)): a == b
      case (.string(let a), .string(let b)): a == b
      case (.number(let a), .number(let b)): a == b
      case (.bool(let a), .bool(let b)): a == b
      case (.null, .null): true
      default: false
      }
    }
  }

  let kind: Kind
  /// 1-based position of the value's first character.
  let line: Int
  let column: Int

  /// "an object", "a string", … for messages.
  var typeDescription: String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// A syntax error at a 1-based line and column.
struct JSONSyntaxError: Error, Equatable {
  let line: Int
  let column: Int
  let message: String
}

struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1

  /// Parses one JSON document (surrounding whitespace allowed).
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func advance() {
    guard let byte = current else { return }
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      column += 1  // columns count Unicode scalars: continuation bytes do not move it
    }
  }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: column, message: message)
  }

  private func describeCurrent() -> String {
    guard let byte = current else { return "end of file" }
    if byte >= 0x21 && byte < 0x7F { return "character '\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16)
  }

  private mutating func skipWhitespace() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    {
      advance()
    }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    guard current == byte else { throw error("expected \(what), found \(describeCurrent())") }
    advance()
  }

  private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < 64 else { throw error("nesting is too deep") }
    let (startLine, startColumn) = (line, column)
    func make(_ kind: JSONValue.Kind) -> JSONValue {
      JSONValue(kind: kind, line: startLine, column: startColumn)
    }
    guard let byte = current else { throw error("expected a JSON value, found end of file") }
    switch byte {
    case UInt8(ascii: "{"):
      advance()
      var members: [(key: String, value: JSONValue)] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        advance()
        return make(.object(members))
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else {
          throw error("expected a string key, found \(describeCurrent())")
        }
        let key = try parseString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':'")
        skipWhitespace()
        members.append((key, try parseValue(depth: depth + 1)))
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          advance()
          continue
        }
        try expect(UInt8(ascii: "}"), "',' or '}'")
        return make(.object(members))
      }
    case UInt8(ascii: "["):
      advance()
      var elements: [JSONValue] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        advance()
        return make(.array(elements))
      }
      while true {
        skipWhitespace()
        elements.append(try parseValue(depth: depth + 1))
        skipWhitespace()
        if current == UInt8(ascii: ",") {
          advance()
          continue
        }
        try expect(UInt8(ascii: "]"), "',' or ']'")
        return make(.array(elements))
      }
    case UInt8(ascii: "\""):
      return make(.string(try parseString()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return make(.number(try parseNumber()))
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return make(.bool(true))
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return make(.bool(false))
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return make(.null)
    default:
      throw error("expected a JSON value, found \(describeCurrent())")
    }
  }

  private mutating func parseLiteral(_ word: String) throws(JSONSyntaxError) {
    for byte in word.utf8 {
      guard current == byte else { throw error("invalid literal, expected '\(word)'") }
      advance()
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if current == UInt8(ascii: "-") { advance() }
    func digits(_ parser: inout JSONParser) -> Int {
      var count = 0
      while let byte = parser.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        parser.advance()
        count += 1
      }
      return count
    }
    guard digits(&self) > 0 else { throw error("expected a digit, found \(describeCurrent())") }
    if current == UInt8(ascii: ".") {
      advance()
      guard digits(&self) > 0 else { throw error("expected a digit, found \(describeCurrent())") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      advance()
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
      guard digits(&self) > 0 else { throw error("expected a digit, found \(describeCurrent())") }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    advance()  // opening quote
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
      raw.removeAll()
    }
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        advance()
        flush()
        guard let escape = current else { throw error("unterminated string") }
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          advance()
          var code = try parseHex4()
          if (0xD800...0xDBFF).contains(code) {
            guard current == UInt8(ascii: "\\") else {
              throw error("unpaired surrogate in \\u escape")
            }
            advance()
            try expect(UInt8(ascii: "u"), "'u'")
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = UnicodeScalar(code) else { throw error("invalid \\u escape") }
          scalars.append(scalar)
          continue
        default:
          throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
        }
        advance()
      case 0..<0x20:
        throw error("control character in string (use an escape)")
      default:
        raw.append(byte)
        advance()
      }
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = hexValue(byte) else {
        throw error("expected 4 hex digits in \\u escape")
      }
      code = code * 16 + digit
      advance()
    }
    return code
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
