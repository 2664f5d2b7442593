import ReactiveCore
import ReactiveTesting
import TestSupport
import Testing
import XCTest

/// RxTest's `XCTAssertRecordedElements`, as RxSwift tests call it.
final class XCTAssertRecordedElementsTests: XCTestCase {
  func testElementsWithoutTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertRecordedElements(res.events, [20, 30])
  }
}

/// When the assertion fails, and what it says.
@Suite struct RecordedElementsMismatchTests {
  @Test func matchingElementsPass() {
    let stream: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
    #expect(recordedElementsMismatch(stream, [1, 2]) == nil)
  }

  @Test func differentElementsFail() {
    let stream: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
    #expect(recordedElementsMismatch(stream, [1, 3]) == "[1, 2] is not equal to [1, 3]")
    #expect(recordedElementsMismatch(stream, [1]) != nil)
  }

  @Test func aStopEventFailsEvenWhenTheElementsMatch() {
    let completed: [Recorded<Event<Int>>] = [.next(210, 1), .completed(220)]
    #expect(recordedElementsMismatch(completed, [1])?.hasPrefix("A non-next stop event") == true)
    let failed: [Recorded<Event<Int>>] = [.error(220, TestError())]
    #expect(recordedElementsMismatch(failed, [])?.hasPrefix("A non-next stop event") == true)
  }
}
