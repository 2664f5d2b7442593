import ReactiveMVI
import ReactiveMVITesting
import ReactiveTesting
import XCTest

/// ReactiveTesting's failures under XCTest (the TestStore's and `assertMarbles`'): they must reach
/// XCTest with no reporter argument. The failures are caught by overriding the hook XCTest records
/// them through, so each test checks what was recorded instead of failing.
final class TestStoreXCTests: XCTestCase {
  private var recorded: [String] = []
  /// While true, failures are collected instead of failing the test.
  private var capturing = true

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      if capturing { recorded.append(issue.compactDescription) } else { super.record(issue) }
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      if capturing {
        recorded.append(description)
      } else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif

  /// What was recorded; from now on failures fail the test (so the checks below are real).
  private func takeRecorded() -> [String] {
    capturing = false
    return recorded
  }

  func testAWrongAssertionReachesXCTestWithoutAReporter() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
      scheduler: scheduler)
    store.send(.start) { $0.isRunning = false }
    store.send(.stop) { $0.isRunning = false }
    store.finish()
    let failures = takeRecorded()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains(
        "TestStore (step 1, send(start), virtual time 0): state after start differs from the"
          + " expected state:\n  isRunning: expected false, actual true") == true, "\(failures)")
  }

  func testAStoreReleasedWithoutFinishFails() {
    let scheduler = TestScheduler(initialClock: 0)
    do {
      let store = TestStore(
        initialState: Stopwatch.State(), feature: Stopwatch(scheduler: scheduler),
        scheduler: scheduler)
      store.send(.start) { $0.isRunning = true }
    }
    let failures = takeRecorded()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains(
        "released without finish(): 1 effect(s) still running at the end of the test") == true,
      "\(failures)")
  }

  func testADueTimeOfZeroTicksFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Search.State(), feature: Search(scheduler: scheduler), scheduler: scheduler)
    store.send(.type("s")) { $0.query = "s" }
    store.advance(by: 1)
    store.receive(.found(["S"])) {
      $0.results = ["S"]
      $0.searches = 1
    }
    store.finish()
    let failures = takeRecorded()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("TestScheduler(initialClock: 0, resolution: 0.001)") == true,
      "\(failures)")
  }

  func testASynchronousReceiveOfALaterResultNamesTheAsyncReceive() {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Delayed.State(), feature: Delayed(scheduler: scheduler), scheduler: scheduler)
    store.send(.load)
    store.receive(.loaded(42)) { $0.value = 42 }
    store.exhaustivity = .off
    store.finish()
    let failures = takeRecorded()
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("await store.receive(_:timeout:)") == true, "\(failures)")
  }

  func testAsyncEffectsSleepOnVirtualTime() async {
    let scheduler = TestScheduler(initialClock: 0)
    let store = TestStore(
      initialState: Ticker.State(), feature: Ticker(scheduler: scheduler), scheduler: scheduler)
    store.send(.start)
    await store.advanceSettling(by: 2)
    store.receiveEvent(.started)
    store.receive(.tick) { $0.ticks = 1 }
    store.receive(.tick) { $0.ticks = 2 }
    store.send(.stop)
    await store.finish(timeout: localDeadline)
    XCTAssertEqual(takeRecorded(), [])
  }

  func testAMarbleMismatchReachesXCTest() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b-c-|")
    let res = scheduler.start { xs.map { $0.uppercased() } }
    let matched = assertMarbles(res.events, "^-B-C-|")
    let mismatched = assertMarbles(res.events, "^-B-C|")
    let failures = takeRecorded()
    XCTAssertTrue(matched)
    XCTAssertFalse(mismatched)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("  actual:   ^-B-C-|") == true, "\(failures)")
  }
}
