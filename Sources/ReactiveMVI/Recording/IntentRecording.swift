#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Record/replay of intents as JSON lines (one JSON value per line), for `Codable` intents.
///
/// Recording is a middleware; replaying sends the decoded intents, in order, into a store. Replaying
/// a log into a fresh store with the same initial state reproduces the same states when the feature
/// is deterministic: its `reduce` is pure (always) and its effects give the same results (stub them
/// for replay). Every handled intent is recorded, including intents sent by middleware, subscribers
/// or effects, so replay into a store whose middleware, subscribers and effects do not send them again.
///
/// ```swift
/// // Counter as in Feature's example, with `enum Intent: Codable`.
/// var log = ""
/// let store = Store(
///   initialState: Counter.State(), feature: Counter(),
///   middleware: [.recordingIntents { log += $0 + "\n" }])
/// store.send(.increment)
/// #expect(log == "{\"increment\":{}}\n")
///
/// let copy = Store(initialState: Counter.State(), feature: Counter())
/// try copy.replay(jsonLines: log)
/// #expect(copy.state == store.state)
/// ```
///
/// Not a hot path: it uses Foundation's `JSONEncoder`/`JSONDecoder`.
public enum IntentLog {
  /// The JSON line (no trailing newline) for one intent.
  public static func jsonLine<Intent: Encodable>(for intent: Intent) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(intent)
    return String(decoding: data, as: UTF8.self)
  }

  /// The intents of a JSON-lines log, in order. Blank lines are skipped.
  ///
  /// - Throws: ``IntentLog/DecodingFailure`` naming the 1-based line that does not decode.
  public static func intents<Intent: Decodable>(
    _ type: Intent.Type = Intent.self, fromJSONLines log: String
  ) throws -> [Intent] {
    let decoder = JSONDecoder()
    var intents: [Intent] = []
    // "\r\n" is one Character: split on both line ends, so logs with CRLF line ends decode too.
    let lines = log.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (index, line) in lines.enumerated() {
      let trimmed = line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
        .reversed()
      let text = String(trimmed)
      if text.isEmpty { continue }
      do {
        intents.append(try decoder.decode(Intent.self, from: Data(text.utf8)))
      } catch {
        throw DecodingFailure(line: index + 1, text: text, underlying: error)
      }
    }
    return intents
  }

  /// A log line that is not a valid intent.
  public struct DecodingFailure: Error, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The offending line.
    public var text: String
    /// The decoder's error.
    public var underlying: any Error

    /// "line N: cannot decode intent from TEXT: ERROR", for a log message.
    public var description: String {
      "line \(line): cannot decode intent from \(text): \(underlying)"
    }
  }
}

extension Middleware where F.Intent: Encodable {
  /// Records every handled intent as a JSON line passed to `sink` (without the newline).
  /// An intent that fails to encode is skipped and reported to `onError` (default: ignored).
  public static func recordingIntents(
    to sink: @escaping (String) -> Void, onError: @escaping (any Error) -> Void = { _ in }
  ) -> Middleware {
    Middleware { activity, _ in
      guard case .intent(let intent) = activity else { return }
      do { sink(try IntentLog.jsonLine(for: intent)) } catch { onError(error) }
    }
  }
}

extension Store where F.Intent: Decodable {
  /// Decodes a JSON-lines intent log (see ``IntentLog``) and sends every intent, in order.
  /// Nothing is sent when any line fails to decode.
  ///
  /// - Throws: ``IntentLog/DecodingFailure`` for the first bad line.
  public func replay(jsonLines log: String) throws {
    send(contentsOf: try IntentLog.intents(F.Intent.self, fromJSONLines: log))
  }
}
