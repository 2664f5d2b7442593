import ReactiveCore

// Marble diagrams the other way round: recorded events rendered as a diagram, and an assertion
// that prints expected and actual diagrams on one time axis.

extension Marbles {
  /// Renders recorded events as a marble diagram: the inverse of
  /// ``events(_:values:error:tick:subscribed:)``, so parsing the diagram gives the events back.
  ///
  /// ```swift
  /// let events: [Recorded<Event<Int>>] = [.next(220, 1), .next(240, 2), .next(240, 3), .completed(260)]
  /// #expect(Marbles.diagram(events, values: ["a": 1, "b": 2, "c": 3]) == "^-a-(bc)-|")
  /// ```
  ///
  /// Errors are drawn as `#` whatever the error. With `subscribed` (the default, 200), the
  /// diagram has `^` at that time and starts at the earliest event; with `nil`, the first column
  /// is time 0.
  ///
  /// - Returns: the diagram, or `nil` when the events cannot be drawn: a time that is not on a
  ///   column (`tick` apart from `subscribed`, or from 0), an event in the `^` column, an element
  ///   with no character in `values`, events out of time order or after a terminal event.
  /// - Complexity: O(n + c) for n events spanning c columns.
  public static func diagram<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], values: [Character: Element],
    tick: TestTime = defaultTick, subscribed: TestTime? = defaultSubscribed
  ) -> String? {
    render(
      events, symbol: { element in values.first(where: { $0.value == element })?.key },
      tick: tick, subscribed: subscribed)
  }

  /// Renders recorded events whose elements are one-character strings as a marble diagram (see
  /// ``diagram(_:values:tick:subscribed:)``).
  ///
  /// ```swift
  /// let events = try Marbles.events("--a-^-b-(c|)")
  /// #expect(Marbles.diagram(events) == "a-^-b-(c|)")
  /// ```
  public static func diagram(
    _ events: [Recorded<Event<String>>], tick: TestTime = defaultTick,
    subscribed: TestTime? = defaultSubscribed
  ) -> String? {
    render(events, symbol: singleCharacter, tick: tick, subscribed: subscribed)
  }

  static func singleCharacter(_ string: String) -> Character? {
    string.count == 1 ? string.first : nil
  }

  /// The characters that mean something in a diagram, so cannot stand for an element.
  static let reserved: Set<Character> = ["-", "|", "#", "^", "(", ")", "!"]

  static func render<Element>(
    _ events: [Recorded<Event<Element>>], symbol: (Element) -> Character?, tick: TestTime,
    subscribed: TestTime?
  ) -> String? {
    guard tick > 0 else { return nil }
    let reference = subscribed ?? 0
    var cells: [Int: String] = [:]
    var columns: [Int] = []
    var terminated = false
    var previousTime = Int.min
    for event in events {
      guard !terminated, event.time >= previousTime else { return nil }
      previousTime = event.time
      let offset = event.time - reference
      guard offset % tick == 0 else { return nil }
      let column = offset / tick
      if subscribed != nil && column == 0 { return nil }  // the `^` column
      if subscribed == nil && column < 0 { return nil }
      let character: Character
      switch event.value {
      case .next(let element):
        guard let found = symbol(element), !reserved.contains(found), !found.isWhitespace else {
          return nil
        }
        character = found
      case .completed:
        character = "|"
        terminated = true
      case .error:
        character = "#"
        terminated = true
      }
      if cells[column] == nil { columns.append(column) }
      cells[column, default: ""].append(character)
    }
    let first = subscribed == nil ? 0 : min(columns.min() ?? 0, 0)
    let last = max(columns.max() ?? -1, subscribed == nil ? -1 : 0)
    guard first <= last else { return "" }
    var diagram = ""
    for column in first...last {
      if subscribed != nil && column == 0 {
        diagram.append("^")
      } else if let cell = cells[column] {
        diagram += cell.count == 1 ? cell : "(\(cell))"
      } else {
        diagram.append("-")
      }
    }
    return diagram
  }

  /// Compares `events` with the diagram `expected`; returns `nil` when they are equal, otherwise
  /// a message with both diagrams drawn on one time axis and the first difference marked. Used by
  /// ``assertMarbles(_:_:values:error:tick:subscribed:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// let actual: [Recorded<Event<String>>] = [.next(220, "a"), .next(260, "b"), .completed(270)]
  /// let message = Marbles.mismatch(actual, "^-a-b-|")
  /// #expect(message?.contains("  actual:   ^-a---b|") == true)
  /// ```
  ///
  /// The message of that example:
  ///
  /// ```text
  /// events differ from the marble diagram (one column = 10 ticks, ^ at 200):
  ///   expected: ^-a-b-|
  ///   actual:   ^-a---b|
  ///                 ↑ first difference at 240: expected next(b) @ 240, actual next(b) @ 260
  /// ```
  ///
  /// When an event is not on a column of `tick`, the columns are made finer (the message says
  /// how many ticks one column is), and a column is as wide as its widest group on either line,
  /// so both lines stay aligned. An element with no character is drawn as `?`, listed below.
  public static func mismatch<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], _ expected: String, values: [Character: Element],
    error: any Swift.Error = MarbleError(), tick: TestTime = defaultTick,
    subscribed: TestTime = defaultSubscribed
  ) -> String? {
    let symbol: (Element) -> Character? = { element in
      values.first(where: { $0.value == element })?.key
    }
    do {
      let expectedEvents = try Marbles.events(
        expected, values: values, error: error, tick: tick, subscribed: subscribed)
      return compare(events, expectedEvents, symbol: symbol, tick: tick, subscribed: subscribed)
    } catch {
      return "\(error)"
    }
  }

  /// ``mismatch(_:_:values:error:tick:subscribed:)`` for one-character string elements.
  public static func mismatch(
    _ events: [Recorded<Event<String>>], _ expected: String,
    error: any Swift.Error = MarbleError(), tick: TestTime = defaultTick,
    subscribed: TestTime = defaultSubscribed
  ) -> String? {
    do {
      let expectedEvents = try Marbles.events(
        expected, error: error, tick: tick, subscribed: subscribed)
      return compare(
        events, expectedEvents, symbol: singleCharacter, tick: tick, subscribed: subscribed)
    } catch {
      return "\(error)"
    }
  }

  static func compare<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>],
    symbol: (Element) -> Character?, tick: TestTime, subscribed: TestTime
  ) -> String? {
    guard actual != expected else { return nil }
    // One column is the largest number of ticks that puts every event of both on a column.
    var unit = tick
    for event in actual + expected { unit = greatestCommonDivisor(unit, event.time - subscribed) }
    let column = { (time: TestTime) in (time - subscribed) / unit }
    let columns = (actual + expected).map { column($0.time) } + [0]
    let range = columns.min()!...columns.max()!

    var unknown: [String] = []
    func cells(_ events: [Recorded<Event<Element>>]) -> [Int: String] {
      var cells: [Int: String] = [:]
      for event in events {
        let character: Character
        switch event.value {
        case .next(let element):
          if let found = symbol(element), !reserved.contains(found), !found.isWhitespace {
            character = found
          } else {
            character = "?"
            unknown.append("\(element)")
          }
        case .completed: character = "|"
        case .error: character = "#"
        }
        cells[column(event.time), default: ""].append(character)
      }
      return cells
    }
    let lines = [cells(expected), cells(actual)].map { cells in
      range.map { index -> String in
        if let cell = cells[index] { return cell.count == 1 ? cell : "(\(cell))" }
        return index == 0 ? "^" : "-"
      }
    }
    // Columns as wide as their widest cell, so both lines stay aligned (spaces take no time).
    let widths: [Int] = (0..<range.count).map { i in Swift.max(lines[0][i].count, lines[1][i].count)
    }
    func draw(_ cells: [String]) -> String {
      var line = zip(cells, widths).map { $0.padding(toLength: $1) }.joined()
      while line.last == " " || line.last == "-" { line.removeLast() }
      return line
    }

    var index = 0
    while index < expected.count && index < actual.count && expected[index] == actual[index] {
      index += 1
    }
    let expectedItem: Recorded<Event<Element>>? = index < expected.count ? expected[index] : nil
    let actualItem: Recorded<Event<Element>>? = index < actual.count ? actual[index] : nil
    let time: TestTime = Swift.min(expectedItem?.time ?? .max, actualItem?.time ?? .max)
    let offset = widths.prefix(column(time) - range.lowerBound).reduce(0, +)
    let prefix = "  expected: "
    var message =
      "events differ from the marble diagram (one column = \(unit) ticks, ^ at \(subscribed)):\n"
    message += prefix + draw(lines[0]) + "\n"
    message += "  actual:   " + draw(lines[1]) + "\n"
    message +=
      String(repeating: " ", count: prefix.count + offset)
      + "↑ first difference at \(time): expected "
    message += expectedItem.map { "\($0.value) @ \($0.time)" } ?? "nothing"
    message += ", actual " + (actualItem.map { "\($0.value) @ \($0.time)" } ?? "nothing")
    if !unknown.isEmpty { message += "\n  ? stands for: " + unknown.joined(separator: ", ") }
    return message
  }
}

private func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
  var (a, b) = (abs(a), abs(b))
  while b != 0 { (a, b) = (b, a % b) }
  return a
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}

/// Asserts that recorded events are those of a marble diagram; on a mismatch records a failure
/// in the running test framework (Swift Testing or XCTest) showing expected and actual diagrams
/// aligned on one time axis, with the first difference marked (see
/// ``Marbles/mismatch(_:_:values:error:tick:subscribed:)``).
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = try scheduler.createHotObservable("-a-^-b-c-|")
/// let res = scheduler.start { xs.map { $0.uppercased() } }
/// assertMarbles(res.events, "^-B-C-|")
/// ```
///
/// - Returns: whether they were equal.
@discardableResult
public func assertMarbles<Element: Equatable>(
  _ events: [Recorded<Event<Element>>], _ expected: String, values: [Character: Element],
  error: any Swift.Error = MarbleError(), tick: TestTime = Marbles.defaultTick,
  subscribed: TestTime = Marbles.defaultSubscribed,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Bool {
  record(
    Marbles.mismatch(
      events, expected, values: values, error: error, tick: tick, subscribed: subscribed),
    TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``assertMarbles(_:_:values:error:tick:subscribed:fileID:filePath:line:column:)`` for
/// one-character string elements.
@discardableResult
public func assertMarbles(
  _ events: [Recorded<Event<String>>], _ expected: String,
  error: any Swift.Error = MarbleError(), tick: TestTime = Marbles.defaultTick,
  subscribed: TestTime = Marbles.defaultSubscribed,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> Bool {
  record(
    Marbles.mismatch(events, expected, error: error, tick: tick, subscribed: subscribed),
    TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Records `mismatch`, if any, in the running test framework; returns whether there was none.
private func record(_ mismatch: String?, _ location: TestStoreLocation) -> Bool {
  guard let mismatch else { return true }
  recordTestFailure(mismatch, location)
  return false
}
