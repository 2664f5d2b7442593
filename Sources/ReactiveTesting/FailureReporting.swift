#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Where a ``TestStore`` assertion (or a marble assertion) was made.
public struct TestStoreLocation: Sendable, CustomStringConvertible {
  /// The `#fileID` of the assertion.
  public var fileID: StaticString
  /// The `#filePath` of the assertion.
  public var filePath: StaticString
  /// The line of the assertion.
  public var line: UInt
  /// The column of the assertion.
  public var column: UInt

  /// Creates a location.
  public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// "FILE_ID:LINE:COLUMN".
  public var description: String { "\(fileID):\(line):\(column)" }
}

/// Where ``TestStore`` failures go.
///
/// The default records the failure in the test framework that is running the current test: a
/// Swift Testing issue when a Swift Testing test is running (`Test.current != nil`), otherwise an
/// XCTest failure (`XCTFail`) at the assertion's location. Inject your own to collect failures
/// (for example to test a test helper).
///
/// Thread safety: a reporter is `Sendable`; the default may be called from any thread.
public struct TestStoreReporter: Sendable {
  let report: @Sendable (_ message: String, _ location: TestStoreLocation?) -> Void

  /// A reporter calling `report` for each failure.
  public init(
    _ report: @escaping @Sendable (_ message: String, _ location: TestStoreLocation?) -> Void
  ) {
    self.report = report
  }

  /// Records the failure in the running test framework: Swift Testing when a Swift Testing test
  /// is running, XCTest otherwise.
  public static var `default`: TestStoreReporter {
    TestStoreReporter { message, location in recordTestFailure(message, location) }
  }
}

/// Which test framework a failure recorded now would reach.
enum RunningTestFramework: Equatable {
  case swiftTesting, xcTest, none

  static var current: RunningTestFramework {
    #if canImport(Testing)
      if Test.current != nil { return .swiftTesting }
    #endif
    #if canImport(XCTest)
      return .xcTest
    #else
      return .none
    #endif
  }
}

/// Records a failure in the running test framework (see ``TestStoreReporter/default``); where
/// neither is available, prints it.
func recordTestFailure(_ message: String, _ location: TestStoreLocation?) {
  switch RunningTestFramework.current {
  case .swiftTesting:
    #if canImport(Testing)
      if let location {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: String(describing: location.fileID),
            filePath: String(describing: location.filePath),
            line: Int(location.line), column: Int(location.column)))
      } else {
        Issue.record(Comment(rawValue: message))
      }
    #endif
  case .xcTest:
    #if canImport(XCTest)
      if let location {
        XCTFail(message, file: location.filePath, line: location.line)
      } else {
        XCTFail(message)
      }
    #endif
  case .none:
    print("\(location.map { "\($0): " } ?? "")\(message)")
  }
}
