import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct MarblesTests {
  @Test func parsesElementsTerminalsAndTicks() throws {
    let events = try Marbles.events("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
    #expect(events == [.next(10, 1), .next(30, 2), .next(60, 3), .completed(70)])
  }

  @Test func subscriptionCaretAnchorsTime() throws {
    let events = try Marbles.events(
      "--a-^-b-#", values: ["a": 1, "b": 2], error: TestFailure(id: 1))
    #expect(events == [.next(180, 1), .next(220, 2), .error(240, TestFailure(id: 1))])
    let custom = try Marbles.events("^a|", values: ["a": 1], tick: 1, subscribed: 50)
    #expect(custom == [.next(51, 1), .completed(52)])
  }

  @Test func groupsShareOneTick() throws {
    let events = try Marbles.events("^-(ab)-(c|)")
    #expect(events == [.next(220, "a"), .next(220, "b"), .next(240, "c"), .completed(240)])
  }

  @Test func spacesAreIgnoredAndDefaultErrorIsMarbleError() throws {
    let events = try Marbles.events("a b  #", values: ["a": 1, "b": 2])
    #expect(events == [.next(0, 1), .next(10, 2), .error(20, MarbleError())])
  }

  @Test func hotMarbles() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b-c-|")
    let res = scheduler.start { xs.map { $0.uppercased() } }
    #expect(res.events == (try Marbles.events("^-B-C-|")))
    #expect(xs.subscriptions == [try Marbles.subscription("^-----!")])
  }

  @Test func coldMarbles() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("-a-(b|)", values: ["a": 1, "b": 2])
    let res = scheduler.start { xs }
    #expect(res.events == [.next(210, 1), .next(230, 2), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])  // released at completion, as in RxTest
  }

  @Test func subscriptionDiagrams() throws {
    #expect(try Marbles.subscription("^---!") == Subscription(200, 240))
    #expect(try Marbles.subscription("--^-") == Subscription(200))
    #expect(try Marbles.subscription("^ - !", tick: 5, subscribed: 0) == Subscription(0, 10))
  }

  @Test(arguments: [
    ("-a-x|", 3, "no value for 'x'"),
    ("-(ab", 1, "unclosed group"),
    ("-(a(b))", 3, "nested group"),
    ("-a)", 2, "')' without '('"),
    ("-()", 2, "empty group"),
    ("(a-b)", 2, "'-' inside a group"),
    ("^-^", 2, "more than one '^'"),
    ("(^a)", 1, "'^' inside a group"),
    ("-a|b", 3, "'b' after the terminal event"),
    ("-#|", 2, "'|' after the terminal event"),
    ("(a|b)", 3, "'b' after the terminal event"),
  ])
  func malformedMarblesThrow(marbles: String, position: Int, message: String) {
    #expect(throws: MarbleSyntaxError(marbles: marbles, position: position, message: message)) {
      _ = try Marbles.events(marbles, values: ["a": 1, "b": 2])
    }
  }

  @Test func coldMarblesRejectCaret() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(throws: MarbleSyntaxError.self) { _ = try scheduler.createColdObservable("-^-a|") }
  }

  @Test func malformedSubscriptionDiagramsThrow() {
    #expect(throws: MarbleSyntaxError.self) { _ = try Marbles.subscription("---!") }
    #expect(throws: MarbleSyntaxError.self) { _ = try Marbles.subscription("!^") }
    #expect(throws: MarbleSyntaxError.self) { _ = try Marbles.subscription("^!!") }
    #expect(throws: MarbleSyntaxError.self) { _ = try Marbles.subscription("^a!") }
  }

  @Test func errorDescriptionPointsAtPosition() {
    do {
      _ = try Marbles.events("-a-x|", values: ["a": 1])
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "malformed marbles at 3: no value for 'x'\n  -a-x|\n     ^")
    }
  }
}
