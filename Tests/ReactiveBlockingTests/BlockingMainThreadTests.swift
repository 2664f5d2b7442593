import Foundation
import ReactiveBlocking
import ReactiveCore
import XCTest

/// RxBlocking on the main thread, as XCTest runs RxSwift's tests: the wait runs the run loop, so
/// a source that delivers on the main queue still answers.
final class BlockingMainThreadTests: XCTestCase {
  func testWaitsForWorkSentToTheMainQueue() throws {
    XCTAssertTrue(Thread.isMainThread)
    let elements = try Observable.of(1, 2, 3)
      .observe(on: MainScheduler.asyncInstance)
      .toBlocking(timeout: 10)
      .toArray()
    XCTAssertEqual(elements, [1, 2, 3])
  }
}
