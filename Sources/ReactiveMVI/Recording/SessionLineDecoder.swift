/// Decodes the lines of a session fast: a small JSON parser and `Decoder` over its values, for
/// the `Decodable` types of a feature, with none of the per-value work `JSONDecoder` does for
/// types it treats specially (dates, data, URLs, decimals) and no coding paths.
///
/// What must hold: it never gives a value `JSONDecoder` would decode differently. It fails
/// (returns `nil`) on anything it does not read exactly as `JSONDecoder` does: invalid JSON,
/// a number that does not convert exactly (`1.0` for an `Int`), a type that `JSONDecoder`
/// encodes specially (their own `init(from:)` finds a string or number where it expects a
/// container, and throws). The caller then decodes the line with `JSONDecoder`, which gives the
/// value or the diagnostic with its coding path. So it is only ever a faster way to the same
/// value.
enum SessionLineDecoder {
  /// `T` decoded from the JSON in `bytes[range]`, or `nil` when the line is not read exactly
  /// (see the type's comment).
  static func decode<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>
  )
    -> T?
  {
    var parser = LineParser(bytes: bytes, position: range.lowerBound, end: range.upperBound)
    guard let value = parser.document() else { return nil }
    return try? T(from: LineDecoder(value: value))
  }
}

/// A parsed JSON value. Numbers keep their text, converted when a type asks for them.
enum LineJSON {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([LineJSON])
  case object([(key: String, value: LineJSON)])
}

/// The failure of a fast decode: the line is decoded again by `JSONDecoder`, which names the
/// reason.
struct LineDecodingFailure: Error {}

struct LineParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position: Int
  let end: Int

  /// One value and nothing after it but white space, or `nil`.
  mutating func document() -> LineJSON? {
    guard let value = value(depth: 0) else { return nil }
    skipSpace()
    return position == end ? value : nil
  }

  mutating func skipSpace() {
    while position < end {
      switch bytes[position] {
      case 0x20, 0x09, 0x0D, 0x0A: position += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) -> LineJSON? {
    skipSpace()
    guard position < end, depth < 512 else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      var pairs: [(key: String, value: LineJSON)] = []
      skipSpace()
      if position < end, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(pairs)
      }
      while true {
        skipSpace()
        guard position < end, bytes[position] == UInt8(ascii: "\""), let key = string() else {
          return nil
        }
        skipSpace()
        guard position < end, bytes[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        guard let item = value(depth: depth + 1) else { return nil }
        pairs.append((key, item))
        skipSpace()
        guard position < end else { return nil }
        if bytes[position] == UInt8(ascii: "}") {
          position += 1
          return .object(pairs)
        }
        guard bytes[position] == UInt8(ascii: ",") else { return nil }
        position += 1
      }
    case UInt8(ascii: "["):
      position += 1
      var items: [LineJSON] = []
      skipSpace()
      if position < end, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(items)
      }
      while true {
        guard let item = value(depth: depth + 1) else { return nil }
        items.append(item)
        skipSpace()
        guard position < end else { return nil }
        if bytes[position] == UInt8(ascii: "]") {
          position += 1
          return .array(items)
        }
        guard bytes[position] == UInt8(ascii: ",") else { return nil }
        position += 1
      }
    case UInt8(ascii: "\""): return string().map(LineJSON.string)
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return literal("null") ? .null : nil
    default: return number()
    }
  }

  mutating func literal(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard end - position >= count else { return false }
    for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] {
      return false
    }
    position += count
    return true
  }

  /// A number by JSON's grammar: `-`, digits without a leading zero, a fraction, an exponent.
  mutating func number() -> LineJSON? {
    let start = position
    func digits(_ parser: inout LineParser) -> Int {
      let first = parser.position
      while parser.position < parser.end, (0x30...0x39).contains(parser.bytes[parser.position]) {
        parser.position += 1
      }
      return parser.position - first
    }
    if position < end, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits(&self)
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { return nil }
    }
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits(&self) > 0 else { return nil }
    }
    return .number(String(decoding: bytes[start..<position], as: UTF8.self))
  }

  /// A string from its opening quote, escapes resolved; `nil` for a control character, a bad
  /// escape or a missing closing quote.
  mutating func string() -> String? {
    position += 1
    let start = position
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        defer { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
      case UInt8(ascii: "\\"):
        position = start
        return escapedString()
      case 0..<0x20: return nil
      default: position += 1
      }
    }
    return nil
  }

  mutating func escapedString() -> String? {
    var scalars = String.UnicodeScalarView()
    var run = position
    func flush(_ parser: LineParser) {
      scalars.append(
        contentsOf: String(decoding: parser.bytes[run..<parser.position], as: UTF8.self)
          .unicodeScalars)
    }
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        flush(self)
        position += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush(self)
        position += 1
        guard position < end else { return nil }
        let escape = bytes[position]
        position += 1
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
          guard var code = hex4() else { return nil }
          if (0xD800..<0xDC00).contains(code) {
            guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else {
              return nil
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { return nil }
          scalars.append(scalar)
        default: return nil
        }
        run = position
      case 0..<0x20: return nil
      default: position += 1
      }
    }
    return nil
  }

  mutating func hex4() -> UInt32? {
    guard end - position >= 4 else { return nil }
    var code: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      code = code << 4 | UInt32(digit)
      position += 1
    }
    return code
  }
}

extension LineJSON {
  func bool() throws(LineDecodingFailure) -> Bool {
    guard case .bool(let value) = self else { throw LineDecodingFailure() }
    return value
  }

  func string() throws(LineDecodingFailure) -> String {
    guard case .string(let value) = self else { throw LineDecodingFailure() }
    return value
  }

  /// An integer written as one: `1.0` or `1e3` is left to `JSONDecoder`.
  func integer<Integer: FixedWidthInteger>() throws(LineDecodingFailure) -> Integer {
    guard case .number(let text) = self, let value = Integer(text, radix: 10) else {
      throw LineDecodingFailure()
    }
    return value
  }

  func floatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>()
    throws(LineDecodingFailure) -> Number
  {
    guard case .number(let text) = self, let value = Number(text), value.isFinite else {
      throw LineDecodingFailure()
    }
    return value
  }

  var isNull: Bool {
    if case .null = self { true } else { false }
  }
}

struct LineDecoder: Decoder, SingleValueDecodingContainer {
  let value: LineJSON
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let pairs) = value else { throw LineDecodingFailure() }
    return KeyedDecodingContainer(LineKeyedContainer<Key>(object: LineObject(pairs: pairs)))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else { throw LineDecodingFailure() }
    return LineUnkeyedContainer(items: items)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try value.bool() }
  func decode(_ type: String.Type) throws -> String { try value.string() }
  func decode(_ type: Double.Type) throws -> Double { try value.floatingPoint() }
  func decode(_ type: Float.Type) throws -> Float { try value.floatingPoint() }
  func decode(_ type: Int.Type) throws -> Int { try value.integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { try value.integer() }
  func decode(_ type: Int16.Type) throws -> Int16 { try value.integer() }
  func decode(_ type: Int32.Type) throws -> Int32 { try value.integer() }
  func decode(_ type: Int64.Type) throws -> Int64 { try value.integer() }
  func decode(_ type: UInt.Type) throws -> UInt { try value.integer() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer() }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(T.self, from: value) }
}

/// `T` from `value`: the common scalars directly (the same conversion their `init(from:)` asks
/// a single-value container for), anything else by its `init(from:)`.
func decodeValue<T: Decodable>(_ type: T.Type, from value: LineJSON) throws -> T {
  // `T` is the type compared with, so the bit casts are identities.
  if T.self == Int.self { return unsafeBitCast(try value.integer() as Int, to: T.self) }
  if T.self == String.self { return unsafeBitCast(try value.string(), to: T.self) }
  if T.self == Bool.self { return unsafeBitCast(try value.bool(), to: T.self) }
  if T.self == Double.self {
    return unsafeBitCast(try value.floatingPoint() as Double, to: T.self)
  }
  return try T(from: LineDecoder(value: value))
}

/// The members of an object. Its lookups are not generic, so that the containers, generic over
/// the key type of each `Decodable` type, do not instantiate generic types at run time.
struct LineObject {
  let pairs: [(key: String, value: LineJSON)]

  func value(named name: String) -> LineJSON? {
    for pair in pairs where pair.key == name { return pair.value }
    return nil
  }

  func member(_ name: String) throws(LineDecodingFailure) -> LineJSON {
    guard let value = value(named: name) else { throw LineDecodingFailure() }
    return value
  }

  var names: [String] { pairs.map(\.key) }
}

struct LineKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: LineObject
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { object.names.compactMap { Key(stringValue: $0) } }

  func find(_ key: Key) -> LineJSON? { object.value(named: key.stringValue) }

  func value(_ key: Key) throws(LineDecodingFailure) -> LineJSON {
    try object.member(key.stringValue)
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }
  func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool() }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string() }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try value(key).floatingPoint()
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try value(key).floatingPoint()
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer() }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer() }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).integer() }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).integer() }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).integer() }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer() }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).integer() }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).integer() }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).integer() }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).integer() }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(T.self, from: value(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try LineDecoder(value: value(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try LineDecoder(value: value(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    LineDecoder(value: object.value(named: "super") ?? .null)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    LineDecoder(value: find(key) ?? .null)
  }
}

struct LineUnkeyedContainer: UnkeyedDecodingContainer {
  let items: [LineJSON]
  var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  mutating func next() throws(LineDecodingFailure) -> LineJSON {
    guard currentIndex < items.count else { throw LineDecodingFailure() }
    defer { currentIndex += 1 }
    return items[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < items.count else { throw LineDecodingFailure() }
    guard items[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try next().bool() }
  mutating func decode(_ type: String.Type) throws -> String { try next().string() }
  mutating func decode(_ type: Double.Type) throws -> Double { try next().floatingPoint() }
  mutating func decode(_ type: Float.Type) throws -> Float { try next().floatingPoint() }
  mutating func decode(_ type: Int.Type) throws -> Int { try next().integer() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().integer() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().integer() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().integer() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().integer() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next().integer() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().integer() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().integer() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().integer() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().integer() }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(T.self, from: next())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try LineDecoder(value: next()).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try LineDecoder(value: next()).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { LineDecoder(value: try next()) }
}
