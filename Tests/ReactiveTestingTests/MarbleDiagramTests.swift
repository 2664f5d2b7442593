import ReactiveCore
import ReactiveTesting
import TestSupport
import Testing

/// Recorded events drawn as marble diagrams, and the marble assertion.
@Suite struct MarbleDiagramTests {
  @Test func drawsElementsGroupsTerminalsAndTheSubscription() throws {
    let events: [Recorded<Event<Int>>] = [
      .next(220, 1), .next(240, 2), .next(240, 3), .completed(260),
    ]
    #expect(Marbles.diagram(events, values: ["a": 1, "b": 2, "c": 3]) == "^-a-(bc)-|")
    #expect(Marbles.diagram(try Marbles.events("--a-^-b-(c|)")) == "a-^-b-(c|)")
    #expect(Marbles.diagram(try Marbles.events("-a-#"), subscribed: nil) == "-a-#")
    #expect(Marbles.diagram([.next(10, "a"), .completed(30)], subscribed: nil) == "-a-|")
    #expect(Marbles.diagram([Recorded<Event<String>>](), subscribed: nil) == "")
  }

  @Test func eventsThatCannotBeDrawnGiveNil() {
    #expect(Marbles.diagram([.next(201, "a")]) == nil)  // not on a column
    #expect(Marbles.diagram([.next(200, "a")]) == nil)  // in the `^` column
    #expect(Marbles.diagram([.next(210, "ab")]) == nil)  // not one character
    #expect(Marbles.diagram([.next(210, "-")]) == nil)  // a reserved character
    #expect(Marbles.diagram([.completed(210), .next(220, "a")]) == nil)  // after the end
    #expect(Marbles.diagram([.next(220, "a"), .next(210, "b")]) == nil)  // out of order
    #expect(Marbles.diagram([.next(210, 7)], values: ["a": 1]) == nil)  // no character
  }

  /// Parsing a drawn diagram gives the events back, for seeded random timelines.
  @Test func roundTripsThroughTheParser() throws {
    var generator = SeededGenerator(seed: 0x5EED)
    for round in 0..<500 {
      var events: [Recorded<Event<String>>] = []
      var time = 200 + Int(generator.next() % 5) * 10 - 30
      for _ in 0..<Int(generator.next() % 8) {
        time += Int(generator.next() % 3) * 10
        if time == 200 { time += 10 }
        events.append(.next(time, String("abcdefg".randomElement(using: &generator)!)))
      }
      switch generator.next() % 3 {
      case 0: events.append(.completed(max(time, 210)))
      case 1: events.append(.error(max(time, 210), MarbleError()))
      default: break
      }
      let diagram = try #require(Marbles.diagram(events), "round \(round): \(events)")
      #expect(try Marbles.events(diagram) == events, "round \(round) (seed 0x5EED): \(diagram)")
      #expect(Marbles.diagram(try Marbles.events(diagram)) == diagram)
    }
  }

  @Test func aMismatchShowsBothDiagramsOnOneAxisAndTheFirstDifference() {
    let actual: [Recorded<Event<String>>] = [.next(220, "a"), .next(260, "b"), .completed(270)]
    #expect(
      Marbles.mismatch(actual, "^-a-b-|")
        == """
        events differ from the marble diagram (one column = 10 ticks, ^ at 200):
          expected: ^-a-b-|
          actual:   ^-a---b|
                        ↑ first difference at 240: expected next(b) @ 240, actual next(b) @ 260
        """)
    #expect(Marbles.mismatch(actual, "^-a---b|") == nil)
  }

  @Test func aMismatchOffTheGridUsesFinerColumnsAndKeepsGroupsAligned() {
    let actual: [Recorded<Event<Int>>] = [.next(205, 1), .next(205, 2), .completed(210)]
    #expect(
      Marbles.mismatch(actual, "^(ab|)", values: ["a": 1, "b": 2])
        == """
        events differ from the marble diagram (one column = 5 ticks, ^ at 200):
          expected: ^-   (ab|)
          actual:   ^(ab)|
                     ↑ first difference at 205: expected next(1) @ 210, actual next(1) @ 205
        """)
  }

  @Test func aMalformedExpectedDiagramIsTheMessage() {
    #expect(Marbles.mismatch([Recorded<Event<String>>](), "-(a") != nil)
  }

  @Test func assertMarblesPassesOrRecordsAnIssue() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b-c-|")
    let res = scheduler.start { xs.map { $0.uppercased() } }
    #expect(assertMarbles(res.events, "^-B-C-|"))
    withKnownIssue {
      #expect(!assertMarbles(res.events, "^-B-C|"))
    }
  }
}
