#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A session that does not open, with what is wrong and where.
public enum SessionError: Error, Equatable, CustomStringConvertible {
  /// The text has no header line.
  case empty
  /// The first line is not a session header.
  case notASession
  /// The session was recorded from another feature.
  case otherFeature(expected: String, found: String)
  /// The session was written in a format version this library does not read.
  case unsupportedVersion(found: Int, supported: Int)
  /// A line is not valid JSON: its 1-based line and column (in characters).
  case malformedLine(line: Int, column: Int, reason: String)
  /// A line is valid JSON but not a step (or header) of this feature.
  case undecodableLine(line: Int, reason: String)
  /// The header holds no initial state (the recorded `State` was not `Encodable`).
  case missingInitialState

  /// One sentence for the user.
  public var description: String {
    switch self {
    case .empty: "the session is empty: no header line"
    case .notASession: "line 1 is not a session header (format \"\(SessionFormat.name)\")"
    case .otherFeature(let expected, let found):
      "the session was recorded from feature \(found), not \(expected)"
    case .unsupportedVersion(let found, let supported):
      "the session is in format version \(found); this version reads version \(supported)"
    case .malformedLine(let line, let column, let reason):
      "line \(line), column \(column): not valid JSON: \(reason)"
    case .undecodableLine(let line, let reason):
      "line \(line): not a step of this feature: \(reason)"
    case .missingInitialState: "the session header holds no initial state"
    }
  }
}

/// The first step whose state, recomputed with the feature's `reduce`, differs from the recorded
/// one: the reducer has changed since the session was recorded.
public struct SessionMismatch: Sendable, Equatable, CustomStringConvertible {
  /// The step number.
  public var step: Int
  /// The first field that differs (`todos[1].isDone`, or `state`).
  public var field: String
  /// The recorded value, as text.
  public var recorded: String
  /// The recomputed value, as text.
  public var recomputed: String

  /// "step N: FIELD was recorded as A, recomputed as B".
  public var description: String {
    "step \(step): \(field) was recorded as \(recorded), recomputed as \(recomputed)"
  }
}

/// A recorded session (see ``SessionFormat``), read back: its initial state and steps, checked
/// against the feature's `reduce`.
///
/// Opening reads every line: the header must name the feature and format version
/// ``SessionFormat/version``; every step must decode. A last line cut short (no newline at its
/// end, not valid JSON: a recorder stopped mid-write) is dropped and named in ``truncatedLine``;
/// a bad line anywhere else is a ``SessionError``. Each recorded state is compared with the state
/// `reduce` gives from the recorded results; the first difference is kept in ``mismatch`` (the
/// session still opens: states are recomputed, so it shows what the current reducer does). The
/// recorded states are not kept: a session holds its steps, not its states.
///
/// ```swift
/// // Counter as in Feature's example, with Codable intents and state.
/// let text = """
///   {"feature":"Counter","format":"reactivemvi-session","initialState":{"count":0},"version":1,"wallTime":0}
///   {"intent":{"increment":{}},"outputs":[{"result":{"increment":{}}}],"state":{"count":1},"step":1,"wallTime":0}
///
///   """
/// let session = try Session(jsonLines: text, feature: Counter())
/// #expect(session.steps.count == 1)
/// #expect(session.mismatch == nil)
/// ```
///
/// Thread safety: a value; `Sendable` when the feature's types are.
public struct Session<F: Feature> {
  /// A step of this session.
  public typealias Step = SessionStep<F.Intent, F.Result, F.Event>

  /// The feature name in the header.
  public var featureName: String
  /// The state the session starts from.
  public var initialState: F.State
  /// The steps, in order.
  public var steps: [Step]
  /// The 1-based number of a last line that was cut short and dropped, if any.
  public var truncatedLine: Int?
  /// The first recorded state that the feature's `reduce` does not reproduce, if any.
  public var mismatch: SessionMismatch?

  /// A session of these steps (a live store's, say: see ``StoreTimeTravel``).
  public init(featureName: String, initialState: F.State, steps: [Step]) {
    self.featureName = featureName
    self.initialState = initialState
    self.steps = steps
  }
}

extension Session
where F.State: Decodable, F.Intent: Decodable, F.Result: Decodable, F.Event: Decodable {
  /// Opens a session from its JSON lines, checking it against `feature`.
  ///
  /// - Parameters:
  ///   - text: the session, as written by ``SessionRecorder``.
  ///   - feature: the feature whose `reduce` recomputes the states.
  ///   - featureName: the name the header must hold (default: the feature's type name).
  /// - Throws: ``SessionError``.
  public init(jsonLines text: String, feature: F, featureName: String? = nil) throws(SessionError) {
    let expectedName = featureName ?? String(describing: F.self)
    // Lines are cut and checked as bytes: a session is ASCII JSON but for the text in its
    // strings, and a step line is decoded straight from the string's own UTF-8 (no copy).
    var text = text
    let read = text.withUTF8 { bytes in
      Result { () throws(SessionError) in
        try Self.read(bytes, feature: feature, expectedName: expectedName)
      }
    }
    let (name, initial, steps, truncated, mismatch) = try read.get()
    self.init(featureName: name, initialState: initial, steps: steps)
    self.truncatedLine = truncated
    self.mismatch = mismatch
  }

  /// The feature name, initial state, steps, line cut short and first mismatch of the session
  /// in `bytes`.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, feature: F, expectedName: String)
    throws(SessionError) -> (String, F.State, [Step], Int?, SessionMismatch?)
  {
    var lines: [Range<Int>] = []
    var lineStart = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      let cr = index > lineStart && bytes[index - 1] == UInt8(ascii: "\r")
      lines.append(lineStart..<(cr ? index - 1 : index))
      lineStart = index + 1
    }
    let endsWithNewline = lineStart == bytes.count
    if !endsWithNewline { lines.append(lineStart..<bytes.count) }
    let decoder = JSONDecoder()
    var header: Header?
    var steps: [Step] = []
    steps.reserveCapacity(lines.count)
    var state: F.State?
    var truncated: Int?
    var mismatch: SessionMismatch?
    for (index, range) in lines.enumerated() {
      let number = index + 1
      if isBlank(bytes[range]) { continue }
      // A line that is not JSON is named by line and column; the last line, with no newline
      // after it, ending inside a value is a write cut short. (Checked only for a line that
      // does not decode, and for the header: `JSONDecoder` names no column.)
      func syntaxError() throws(SessionError) -> Bool {
        let line = Array(bytes[range])
        guard let error = jsonSyntaxError(line) else { return false }
        if index == lines.count - 1, !endsWithNewline, header != nil, error.atEnd { return true }
        let text = String(decoding: line, as: UTF8.self)
        throw .malformedLine(
          line: number, column: column(of: error.offset, in: text[...]), reason: error.reason)
      }
      guard header != nil else {
        _ = try syntaxError()
        guard let found = try? decoder.decode(Header.self, from: Data(bytes[range])),
          found.format == SessionFormat.name
        else { throw .notASession }
        guard found.version == SessionFormat.version else {
          throw .unsupportedVersion(found: found.version, supported: SessionFormat.version)
        }
        guard found.feature == expectedName else {
          throw .otherFeature(expected: expectedName, found: found.feature)
        }
        guard let initial = found.initialState else { throw .missingInitialState }
        header = found
        state = initial
        continue
      }
      let line: StepLine
      if let fast = SessionLineDecoder.decode(StepLine.self, from: bytes, in: range) {
        line = fast
      } else {
        do { line = try decoder.decode(StepLine.self, from: Data(bytes[range])) } catch {
          if try syntaxError() {
            truncated = number
            break
          }
          throw .undecodableLine(line: number, reason: describeDecodingError(error))
        }
      }
      let step = Step(
        number: line.step, intent: line.intent, outputs: line.outputs, wallTime: line.wallTime,
        schedulerTime: line.schedulerTime)
      if var recomputed = state {
        for result in step.results { recomputed = apply(feature, result, to: recomputed) }
        state = recomputed
        if mismatch == nil, let recorded = line.state, !isEqual(recorded, recomputed),
          let first = differences(recorded, recomputed).first
        {
          mismatch = SessionMismatch(
            step: step.number, field: first.path, recorded: first.old, recomputed: first.new)
        }
      }
      steps.append(step)
    }
    guard let header, let initial = header.initialState else { throw .empty }
    return (header.feature, initial, steps, truncated, mismatch)
  }

  struct Header: Decodable {
    var format: String
    var version: Int
    var feature: String
    var initialState: F.State?
  }

  struct StepLine: Decodable {
    var step: Int
    var intent: F.Intent?
    var outputs: [SessionOutput<F.Result, F.Event>]
    var state: F.State?
    var wallTime: Double
    var schedulerTime: Double?
  }
}

extension Session: Sendable
where F.State: Sendable, F.Intent: Sendable, F.Result: Sendable, F.Event: Sendable {}

/// The state after `result`, as the store publishes it: the old state when the feature says the
/// new one is no change.
func apply<F: Feature>(_ feature: F, _ result: F.Result, to state: F.State) -> F.State {
  let new = feature.reduce(state, result)
  return feature.stateHasChanged(from: state, to: new) ? new : state
}

/// Whether two values are equal, for an `Equatable` type (`false` otherwise: compare them
/// field by field).
func isEqual<Value>(_ a: Value, _ b: Value) -> Bool {
  guard let a = a as? any Equatable else { return false }
  return a.isEqual(to: b)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// Whether a line holds nothing but white space.
func isBlank(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
  var ascii = true
  for byte in line {
    switch byte {
    case 0x20, 0x09, 0x0B, 0x0C, 0x0D: continue
    case 0x80...: ascii = false
    default: return false
    }
  }
  return ascii || String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
}

func column(of offset: Int, in line: Substring) -> Int {
  let utf8 = line.utf8
  let index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
  return line[..<index].count + 1
}

func describeDecodingError(_ error: any Error) -> String {
  func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }
      .joined()
    return (path.isEmpty ? "" : "at \(path.hasPrefix(".") ? String(path.dropFirst()) : path): ")
      + context.debugDescription
  }
  switch error {
  case DecodingError.keyNotFound(let key, let context):
    return "missing \(key.stringValue)" + (context.codingPath.isEmpty ? "" : " in " + path(context))
  case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
    DecodingError.dataCorrupted(let context):
    return path(context)
  default:
    return "\(error)"
  }
}

/// Where a line stops being JSON: the byte offset, why, and whether the text simply ended
/// (what a line cut short looks like).
struct JSONSyntaxError {
  var offset: Int
  var reason: String
  var atEnd: Bool
}

/// The first syntax error of one JSON value in `bytes`, or `nil` when it is valid JSON.
/// (`JSONDecoder` names no column; this check does, for the user's message.)
func jsonSyntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
  var position = 0
  struct Failure: Error { var error: JSONSyntaxError }
  func fail(_ reason: String) -> Failure {
    let atEnd = position >= bytes.count
    return Failure(
      error: JSONSyntaxError(
        offset: position, reason: atEnd ? "the line ends inside a value" : reason, atEnd: atEnd))
  }
  func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[position]) {
      position += 1
    }
  }
  func expect(_ literal: String) throws(Failure) {
    for byte in literal.utf8 {
      guard position < bytes.count, bytes[position] == byte else {
        throw fail("expected \(literal)")
      }
      position += 1
    }
  }
  func string() throws(Failure) {
    position += 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\\"): position += 2
      case 0..<0x20: throw fail("control character in a string")
      default: position += 1
      }
    }
    throw fail("unterminated string")
  }
  func number() throws(Failure) {
    let start = position
    while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) {
      position += 1
    }
    if position == start { throw fail("unexpected character") }
  }
  func value(depth: Int) throws(Failure) {
    skipSpace()
    guard position < bytes.count else { throw fail("expected a value") }
    guard depth < 512 else { throw fail("nested too deeply") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return
      }
      while true {
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw fail("expected a key in quotes")
        }
        try string()
        skipSpace()
        try expect(":")
        try value(depth: depth + 1)
        skipSpace()
        guard position < bytes.count else { throw fail("expected , or }") }
        if bytes[position] == UInt8(ascii: "}") {
          position += 1
          return
        }
        try expect(",")
      }
    case UInt8(ascii: "["):
      position += 1
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        try value(depth: depth + 1)
        skipSpace()
        guard position < bytes.count else { throw fail("expected , or ]") }
        if bytes[position] == UInt8(ascii: "]") {
          position += 1
          return
        }
        try expect(",")
      }
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "t"): try expect("true")
    case UInt8(ascii: "f"): try expect("false")
    case UInt8(ascii: "n"): try expect("null")
    default: try number()
    }
  }
  do {
    try value(depth: 0)
    skipSpace()
    if position < bytes.count { throw fail("unexpected text after the value") }
    return nil
  } catch let failure as Failure {
    return failure.error
  } catch {
    return JSONSyntaxError(offset: position, reason: "\(error)", atEnd: false)
  }
}
