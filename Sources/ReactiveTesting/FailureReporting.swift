#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Where an assertion was made (a marble assertion, or a `TestStore` assertion).
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

/// Records a failure in the running test framework: a Swift Testing issue when a Swift Testing
/// test is running, otherwise an XCTest failure; where neither is available, prints it.
package func recordTestFailure(_ message: String, _ location: TestStoreLocation?) {
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
