import Foundation
import Testing

/// `OwnThreadTrait` runs a blocking test on a thread of its own, and the test stays the test: its
/// expectations, known issues and task-local values are its own.
@Suite(.onOwnThread(stackSize: 1 << 20)) struct OwnThreadTests {
  @Test func aSynchronousTestRunsOnItsOwnThread() {
    #expect(isOnOwnThread())
  }

  @Test func anAsynchronousTestRunsOnItsOwnThread() async {
    #expect(await Self.isOnOwnThreadAfterSuspending())
  }

  nonisolated static func isOnOwnThreadAfterSuspending() async -> Bool {
    await Task.yield()
    return isOnOwnThread()
  }

  @Test func anIssueInsideIsTheTests() {
    withKnownIssue("recorded on the test's own thread, matched by the test's known-issue scope") {
      #expect(Bool(false))
    }
  }

  @Test func theCurrentTestIsThisOne() {
    #expect(Test.current?.name == "theCurrentTestIsThisOne()")
  }
}

/// Without the trait a test runs on the cooperative pool.
@Suite struct CooperativePoolTests {
  @Test func aTestWithoutTheTraitRunsOnThePool() {
    #expect(!isOnOwnThread())
  }
}
