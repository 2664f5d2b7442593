import ReactiveCore

/// Marble diagrams: event timelines written as strings, for hot and cold test observables and for
/// the events you expect.
///
/// Syntax, one character per tick (`tick` virtual time units each, 10 by default):
/// - `-`: time passes, nothing happens.
/// - any other character: an element, looked up in `values` (for `String` elements the character
///   itself when no dictionary is given).
/// - `|`: completed. `#`: error (the `error` argument).
/// - `^`: the subscription point (hot observables and expected events only). Its column is at time
///   `subscribed` (200 by default, the subscription time of `TestScheduler.start`); columns
///   before it are earlier. Without `^`, the first column is time 0 (for cold observables, the
///   moment of subscription).
/// - `(ab)`: a group: everything inside happens in the same tick, and the whole group takes one
///   column. A group may end with a terminal event: `(c|)`.
/// - Spaces are ignored (use them to align diagrams); they take no time.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = try scheduler.createHotObservable("--a-^-b-c-|")       // b at 220, c at 240
/// let res = scheduler.start { xs.map { $0.uppercased() } }
/// #expect(res.events == (try Marbles.events("^-B-C-|")))         // B at 220, C at 240, | at 260
/// ```
///
/// Malformed diagrams throw `MarbleSyntaxError` naming the offending character and position:
/// an unknown element, an unclosed, nested, empty or unmatched group, `-` or `^` inside a group,
/// more than one `^`, `^` in a cold diagram, or anything but `-` after a terminal event.
public enum Marbles {
  /// The default length of one marble column in virtual time units.
  public static var defaultTick: TestTime { 10 }

  /// The default time of the `^` column: the subscription time of `TestScheduler.start`.
  public static var defaultSubscribed: TestTime { 200 }

  /// Parses `marbles` into recorded events.
  ///
  /// ```swift
  /// let events = try Marbles.events("^-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
  /// #expect(events == [.next(220, 1), .next(240, 2), .next(240, 3), .completed(260)])
  /// ```
  /// - Parameters:
  ///   - marbles: the diagram.
  ///   - values: the element for each element character.
  ///   - error: the error that `#` stands for (`MarbleError()` by default).
  ///   - tick: virtual time units per column.
  ///   - subscribed: the time of the `^` column, if there is one.
  /// - Throws: `MarbleSyntaxError` for a malformed diagram.
  /// - Complexity: O(n) in the length of the diagram.
  public static func events<Element>(
    _ marbles: String, values: [Character: Element], error: any Swift.Error = MarbleError(),
    tick: TestTime = defaultTick, subscribed: TestTime = defaultSubscribed
  ) throws(MarbleSyntaxError) -> [Recorded<Event<Element>>] {
    try parse(
      marbles, allowsSubscription: true, element: { values[$0] }, error: error, tick: tick,
      subscribed: subscribed)
  }

  /// Parses `marbles` into recorded events whose elements are the characters, as strings.
  ///
  /// ```swift
  /// let events = try Marbles.events("^-a-b|")
  /// #expect(events == [.next(220, "a"), .next(240, "b"), .completed(250)])
  /// ```
  public static func events(
    _ marbles: String, error: any Swift.Error = MarbleError(), tick: TestTime = defaultTick,
    subscribed: TestTime = defaultSubscribed
  ) throws(MarbleSyntaxError) -> [Recorded<Event<String>>] {
    try parse(
      marbles, allowsSubscription: true, element: { String($0) }, error: error, tick: tick,
      subscribed: subscribed)
  }

  static func parse<Element>(
    _ marbles: String, allowsSubscription: Bool, element: (Character) -> Element?,
    error: any Swift.Error, tick: TestTime, subscribed: TestTime
  ) throws(MarbleSyntaxError) -> [Recorded<Event<Element>>] {
    guard tick > 0 else {
      throw MarbleSyntaxError(marbles: marbles, position: 0, message: "tick must be positive")
    }
    var items: [(column: Int, event: Event<Element>)] = []
    var column = 0
    var groupOpen: Int?  // position of the open parenthesis
    var groupIsEmpty = true
    var subscriptionColumn: Int?
    var terminated = false

    func fail(_ position: Int, _ message: String) -> MarbleSyntaxError {
      MarbleSyntaxError(marbles: marbles, position: position, message: message)
    }

    for (position, character) in marbles.enumerated() {
      if character.isWhitespace { continue }
      switch character {
      case "(":
        if groupOpen != nil { throw fail(position, "nested group") }
        groupOpen = position
        groupIsEmpty = true
      case ")":
        guard groupOpen != nil else { throw fail(position, "')' without '('") }
        if groupIsEmpty { throw fail(position, "empty group") }
        groupOpen = nil
        column += 1
      case "-":
        if groupOpen != nil { throw fail(position, "'-' inside a group") }
        column += 1
      case "^":
        guard allowsSubscription else {
          throw fail(position, "'^' in a cold observable (its times are relative to subscription)")
        }
        if groupOpen != nil { throw fail(position, "'^' inside a group") }
        if subscriptionColumn != nil { throw fail(position, "more than one '^'") }
        subscriptionColumn = column
        column += 1
      default:
        if terminated { throw fail(position, "'\(character)' after the terminal event") }
        let event: Event<Element>
        switch character {
        case "|":
          event = .completed
          terminated = true
        case "#":
          event = .error(error)
          terminated = true
        default:
          guard let value = element(character) else {
            throw fail(position, "no value for '\(character)'")
          }
          event = .next(value)
        }
        items.append((column, event))
        if groupOpen == nil { column += 1 } else { groupIsEmpty = false }
      }
    }
    if let open = groupOpen { throw fail(open, "unclosed group") }

    let origin = subscriptionColumn.map { subscribed - $0 * tick } ?? 0
    return items.map { Recorded(time: origin + $0.column * tick, value: $0.event) }
  }
}

/// The error a `#` in a marble diagram stands for when no other error is given.
public struct MarbleError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
  /// Creates the marble error.
  public init() {}
  /// "MarbleError".
  public var description: String { "MarbleError" }
}

/// A malformed marble diagram: what is wrong, and where.
public struct MarbleSyntaxError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
  /// The diagram.
  public let marbles: String
  /// The offset of the offending character in the diagram.
  public let position: Int
  /// What is wrong.
  public let message: String

  /// Describes a malformed diagram.
  public init(marbles: String, position: Int, message: String) {
    self.marbles = marbles
    self.position = position
    self.message = message
  }

  /// The message, the diagram, and a caret under the faulty position.
  public var description: String {
    "malformed marbles at \(position): \(message)\n  \(marbles)\n  "
      + String(repeating: " ", count: position) + "^"
  }
}

extension TestScheduler {
  /// Creates a hot observable from a marble diagram (see `Marbles`); `^` marks the subscription
  /// time `subscribed`.
  ///
  /// ```swift
  /// let xs = try scheduler.createHotObservable("-a-^-b-|", values: ["a": 1, "b": 2])
  /// #expect(xs.recordedEvents == [.next(180, 1), .next(220, 2), .completed(240)])
  /// ```
  public func createHotObservable<Element>(
    _ marbles: String, values: [Character: Element], error: any Swift.Error = MarbleError(),
    tick: TestTime = Marbles.defaultTick, subscribed: TestTime = Marbles.defaultSubscribed
  ) throws(MarbleSyntaxError) -> TestableObservable<Element> {
    createHotObservable(
      try Marbles.events(marbles, values: values, error: error, tick: tick, subscribed: subscribed))
  }

  /// Creates a hot observable of strings from a marble diagram: each element is its character.
  public func createHotObservable(
    _ marbles: String, error: any Swift.Error = MarbleError(),
    tick: TestTime = Marbles.defaultTick, subscribed: TestTime = Marbles.defaultSubscribed
  ) throws(MarbleSyntaxError) -> TestableObservable<String> {
    createHotObservable(
      try Marbles.events(marbles, error: error, tick: tick, subscribed: subscribed))
  }

  /// Creates a cold observable from a marble diagram (see `Marbles`); the first column is the
  /// moment of subscription, and `^` is not allowed.
  ///
  /// ```swift
  /// let xs = try scheduler.createColdObservable("-a-(b|)", values: ["a": 1, "b": 2])
  /// let res = scheduler.start { xs }   // subscribed at 200
  /// #expect(res.events == [.next(210, 1), .next(230, 2), .completed(230)])
  /// ```
  public func createColdObservable<Element>(
    _ marbles: String, values: [Character: Element], error: any Swift.Error = MarbleError(),
    tick: TestTime = Marbles.defaultTick
  ) throws(MarbleSyntaxError) -> TestableObservable<Element> {
    createColdObservable(
      try Marbles.parse(
        marbles, allowsSubscription: false, element: { values[$0] }, error: error, tick: tick,
        subscribed: 0))
  }

  /// Creates a cold observable of strings from a marble diagram: each element is its character.
  public func createColdObservable(
    _ marbles: String, error: any Swift.Error = MarbleError(), tick: TestTime = Marbles.defaultTick
  ) throws(MarbleSyntaxError) -> TestableObservable<String> {
    createColdObservable(
      try Marbles.parse(
        marbles, allowsSubscription: false, element: { String($0) }, error: error, tick: tick,
        subscribed: 0))
  }
}

extension Marbles {
  /// Parses a subscription diagram: `^` subscribes (at `subscribed` when the diagram has no other
  /// reference, so `"^--!"` is `Subscription(200, 230)`), `!` unsubscribes; `-` and spaces as in
  /// event diagrams. Columns before `^` let it line up with the source diagram.
  ///
  /// ```swift
  /// let xs = try scheduler.createColdObservable("-a-b-c|")
  /// _ = scheduler.start(disposed: 240) { xs }
  /// #expect(xs.subscriptions == [try Marbles.subscription("^---!")])  // Subscription(200, 240)
  /// ```
  /// - Throws: `MarbleSyntaxError` unless the diagram has exactly one `^`, at most one `!` after
  ///   it, and nothing else but `-` and spaces.
  public static func subscription(
    _ marbles: String, tick: TestTime = defaultTick, subscribed: TestTime = defaultSubscribed
  ) throws(MarbleSyntaxError) -> Subscription {
    var column = 0
    var subscribeColumn: Int?
    var unsubscribeColumn: Int?
    func fail(_ position: Int, _ message: String) -> MarbleSyntaxError {
      MarbleSyntaxError(marbles: marbles, position: position, message: message)
    }
    for (position, character) in marbles.enumerated() {
      if character.isWhitespace { continue }
      switch character {
      case "-": break
      case "^":
        if subscribeColumn != nil { throw fail(position, "more than one '^'") }
        subscribeColumn = column
      case "!":
        guard subscribeColumn != nil else { throw fail(position, "'!' before '^'") }
        if unsubscribeColumn != nil { throw fail(position, "more than one '!'") }
        unsubscribeColumn = column
      default:
        throw fail(position, "'\(character)' in a subscription diagram (only '-', '^', '!')")
      }
      column += 1
    }
    guard let subscribeColumn else { throw fail(marbles.count, "no '^'") }
    guard let unsubscribeColumn else { return Subscription(subscribed) }
    return Subscription(subscribed, subscribed + (unsubscribeColumn - subscribeColumn) * tick)
  }
}
