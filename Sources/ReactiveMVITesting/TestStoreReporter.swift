import ReactiveTesting

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
