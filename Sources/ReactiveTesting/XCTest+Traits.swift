#if canImport(XCTest)
  import ReactiveCore
  import XCTest

  /// Asserts that two arrays of `SingleEvent`s are equal (RxTest's overload: `SingleEvent` is a
  /// `Result` with `any Error`, which cannot be `Equatable`). `MaybeEvent` and
  /// `CompletableEvent` are `Equatable`, so the standard `XCTAssertEqual` takes them.
  ///
  /// ```swift
  /// var events: [SingleEvent<Int>] = []
  /// _ = Single.just(1).subscribe { events.append($0) }
  /// XCTAssertEqual(events, [.success(1)])
  /// ```
  // swift-format-ignore: AlwaysUseLowerCamelCase
  // RxTest's name, kept so that ported tests compile.
  public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    guard !(lhs == rhs) else { return }
    XCTFail("\(lhs) is not equal to \(rhs)", file: file, line: line)
  }
#endif
