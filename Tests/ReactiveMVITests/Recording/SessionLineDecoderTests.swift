import Foundation
import Testing

@testable import ReactiveMVI

/// Every kind of value a feature's state, intent or result holds, but the types `JSONDecoder`
/// treats specially.
private struct Everything: Codable, Equatable {
  indirect enum Kind: Codable, Equatable {
    case plain
    case labelled(name: String, count: Int)
    case unlabelled(Int, [String])
    case nested(Kind?)
  }
  struct Inner: Codable, Equatable {
    var flag: Bool
    var maybe: Int?
  }
  var text: String
  var escaped: String
  var int: Int
  var negative: Int
  var small: Int8
  var large: UInt64
  var double: Double
  var tiny: Double
  var huge: Double
  var float: Float
  var missing: String?
  var present: String?
  var byName: [String: Int]
  var byNumber: [Int: String]
  var set: Set<Int>
  var kinds: [Kind]
  var inner: [Inner]
  var date: Date
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

extension SessionLineDecoder {
  /// `T` decoded from `bytes[range]`.
  fileprivate static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], in range: Range<Int>
  ) -> T? {
    bytes.withUnsafeBufferPointer { decode(type, from: $0, in: range) }
  }
}

@Suite struct SessionLineDecoderTests {
  @Test func decodesWhatJSONDecoderDecodesToTheSameValue() throws {
    let value = Everything(
      text: "plain", escaped: "quote \" backslash \\ slash / \u{08}\u{0C}\n\r\t é 😀 \u{01}",
      int: 42, negative: -7, small: -128, large: .max, double: 0.1, tiny: -1.5e-300,
      huge: 1.7976931348623157e308, float: 3.25, missing: nil, present: "here",
      byName: ["a": 1, "b": 2], byNumber: [1: "one", -2: "minus two"], set: [3, 1, 2],
      kinds: [
        .plain, .labelled(name: "x", count: 2), .unlabelled(5, ["y", ""]), .nested(.plain),
        .nested(nil),
      ],
      inner: [.init(flag: true, maybe: nil), .init(flag: false, maybe: 0)],
      date: Date(timeIntervalSince1970: 1_764_321_000.5))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = try encoder.encode(value)
    let line = Array(json)
    let fast = SessionLineDecoder.decode(Everything.self, from: line, in: 0..<line.count)
    #expect(fast == value)
    #expect(fast == (try JSONDecoder().decode(Everything.self, from: json)))
    // Escapes written by hand: \u escapes, a surrogate pair, an escaped slash, white space.
    let handWritten = bytes(#" "a\u00e9\ud83d\ude00\/b" "#)
    #expect(
      SessionLineDecoder.decode(String.self, from: handWritten, in: 0..<handWritten.count)
        == "aé😀/b")
    // Only the range is read.
    let framed = bytes("xx[1,2]yy")
    #expect(SessionLineDecoder.decode([Int].self, from: framed, in: 2..<7) == [1, 2])
  }

  @Test func leavesToJSONDecoderWhatItDoesNotReadExactly() {
    func fast<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
      let line = bytes(text)
      return SessionLineDecoder.decode(type, from: line, in: 0..<line.count)
    }
    // Numbers that do not convert exactly.
    #expect(fast(Int.self, "1.0") == nil)
    #expect(fast(Int.self, "1e3") == nil)
    #expect(fast(UInt8.self, "300") == nil)
    #expect(fast(Double.self, "1e400") == nil)
    // Not JSON.
    for text in [
      "{", "[1,]", "01", "-", "1.", "1e", #""\ud83d""#, #""\x""#, "\"a\u{01}\"", "[1] 2", "tru",
      #"{"a" 1}"#, "",
    ] {
      #expect(fast([Int].self, text) == nil, "\(text)")
      #expect(fast(String.self, text) == nil, "\(text)")
    }
    // Types `JSONDecoder` reads specially: their own `init(from:)` throws on what it wrote.
    let encoder = JSONEncoder()
    let data = Data([1, 2, 3])
    let url = URL(string: "https://example.com/a?b=c")!
    let dataLine = Array(try! encoder.encode(data))
    let urlLine = Array(try! encoder.encode(url))
    #expect(SessionLineDecoder.decode(Data.self, from: dataLine, in: 0..<dataLine.count) == nil)
    #expect(SessionLineDecoder.decode(URL.self, from: urlLine, in: 0..<urlLine.count) == nil)
  }

  @Test func aSessionWithCRLFLineEndsBlankLinesAndSpecialTypesOpens() throws {
    struct Files: Feature {
      struct State: Codable, Equatable, Sendable {
        var data = Data()
        var url: URL?
      }
      enum Intent: Codable, Equatable, Sendable { case open(URL, Data) }
      func reduce(_ state: State, _ intent: Intent) -> State {
        guard case .open(let url, let data) = intent else { return state }
        return State(data: data, url: url)
      }
    }
    let lines = Shared<[String]>([])
    let recorder = SessionRecorder(
      feature: Files(), initialState: Files.State(), sink: { lines.append($0) })
    let store = Store(
      initialState: Files.State(), feature: Files(), middleware: [recorder.middleware])
    let url = URL(string: "https://example.com/a")!
    store.send(.open(url, Data([1, 2])))
    store.send(.open(url, Data([3])))
    recorder.finish()
    let text = lines.value.joined(separator: "\r\n\u{A0}\r\n \n") + "\r\n"
    let session = try Session(jsonLines: text, feature: Files())
    #expect(session.steps.map(\.intent) == [.open(url, Data([1, 2])), .open(url, Data([3]))])
    #expect(session.mismatch == nil)
    #expect(session.truncatedLine == nil)
  }
}
