import ReactiveCore

/// Why `stream` does not hold exactly the elements `elements` and no terminal event, or `nil`
/// when it does: the check behind `XCTAssertRecordedElements`, usable without XCTest.
package func recordedElementsMismatch<Element: Equatable>(
  _ stream: [Recorded<Event<Element>>], _ elements: [Element]
) -> String? {
  if let stop = stream.first(where: { $0.value.isStopEvent }) {
    return "A non-next stop event has been emitted: \(stop)"
  }
  let recorded = stream.compactMap(\.value.element)
  guard recorded != elements else { return nil }
  return "\(recorded) is not equal to \(elements)"
}

#if canImport(XCTest)
  import XCTest

  /// Asserts that `stream` recorded exactly `elements`, ignoring their times, and no terminal
  /// event (RxTest's assertion: a completion or an error fails it).
  ///
  /// ```swift
  /// let scheduler = TestScheduler(initialClock: 0)
  /// let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
  /// let res = scheduler.start { xs.map { $0 * 10 } }
  /// XCTAssertRecordedElements(res.events, [10, 20])
  /// ```
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // RxTest's name, kept so that ported tests compile.
  public func XCTAssertRecordedElements<Element: Equatable>(
    _ stream: [Recorded<Event<Element>>], _ elements: [Element],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let mismatch = recordedElementsMismatch(stream, elements) else { return }
    XCTFail(mismatch, file: file, line: line)
  }
#endif
