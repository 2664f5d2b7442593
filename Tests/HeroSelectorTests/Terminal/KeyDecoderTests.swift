import ExampleTerminal
import Testing

@testable import HeroSelectorKit

@Suite struct KeyDecoderTests {
  let esc: UInt8 = 0x1B

  @Test func arrowsInBothEncodings() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed([esc, 0x5B, 0x43, esc, 0x5B, 0x44, esc, 0x4F, 0x43, esc, 0x4F, 0x44]) == [
        .right, .left, .right, .left,
      ])
    #expect(decoder.feed([esc, 0x5B, 0x41, esc, 0x5B, 0x42]) == [.up, .down])
    #expect(!decoder.isPending)
  }

  @Test func homeAndEndInEveryEncoding() {
    var decoder = KeyDecoder()
    // ESC [H, ESC [F, ESC OH, ESC OF, ESC [1~, ESC [4~, ESC [7~, ESC [8~
    let bytes: [UInt8] = [
      esc, 0x5B, 0x48, esc, 0x5B, 0x46, esc, 0x4F, 0x48, esc, 0x4F, 0x46, esc, 0x5B, 0x31, 0x7E,
      esc, 0x5B, 0x34, 0x7E, esc, 0x5B, 0x37, 0x7E, esc, 0x5B, 0x38, 0x7E,
    ]
    #expect(decoder.feed(bytes) == [.home, .end, .home, .end, .home, .end, .home, .end])
    #expect(!decoder.isPending)
  }

  @Test func loneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([esc]) == [])
    #expect(decoder.isPending)
    #expect(decoder.timeout() == [.escape])
    #expect(!decoder.isPending)
  }

  @Test func sequenceSplitAcrossReads() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([esc]) == [])
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.isPending)
    #expect(decoder.feed([0x43, UInt8(ascii: "q")]) == [.right, .character(UInt8(ascii: "q"))])
  }

  @Test func escapeFollowedByAKeyOrAnotherEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([esc, UInt8(ascii: "q")]) == [.escape, .character(UInt8(ascii: "q"))])
    #expect(decoder.feed([esc, esc]) == [.escape])
    #expect(decoder.timeout() == [.escape])
  }

  @Test func otherSequencesAreIgnored() {
    var decoder = KeyDecoder()
    // Delete (ESC [ 3 ~), shift-right (ESC [ 1 ; 2 C), F1 (ESC O P)
    let bytes: [UInt8] = [
      esc, 0x5B, 0x33, 0x7E, esc, 0x5B, 0x31, 0x3B, 0x32, 0x43, esc, 0x4F, 0x50,
    ]
    #expect(decoder.feed(bytes + [0x0D]) == [.enter])
    #expect(decoder.feed([esc, 0x5B, 0x31]) == [])
    #expect(decoder.timeout() == [])  // a cut-off sequence is dropped
  }

  @Test func keysMapToIntents() {
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("hlnpsdqQ x".utf8) + [0x0D, 0x0A, 0x03, 0x04])
    #expect(
      keys.map(\.intent) == [
        .previous, .next, .next, .previous, .select, .dismiss, .quit, .quit, .select, nil, .select,
        .select, .quit,
        .quit,
      ])
    #expect(
      Key.left.intent == .previous && Key.right.intent == .next && Key.escape.intent == .dismiss)
    #expect(Key.up.intent == nil && Key.down.intent == nil)
  }
}
