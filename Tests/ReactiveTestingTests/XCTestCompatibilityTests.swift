import ReactiveCore
import ReactiveTesting
import XCTest

/// The same API from XCTest: everything recorded is a plain `Equatable` value.
final class XCTestCompatibilityTests: XCTestCase {
  func testRecordedEventsWithXCTAssertEqual() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(res.events, [.next(210, 20), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testMarblesWithXCTAssertEqual() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("-a-b|")
    let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
    // The cold a at 10, b at 30 and | at 40 after 200, each delayed by 10.
    XCTAssertEqual(res.events, try Marbles.events("^-a-b|"))
  }
}
