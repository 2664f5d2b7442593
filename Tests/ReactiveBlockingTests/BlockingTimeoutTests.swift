import Dispatch
import ReactiveBlocking
import ReactiveCore
import TestSupport
import Testing

/// Timeouts at and past the edges of what the system clock counts: clamped as Dispatch clamps,
/// never a trap, and a NaN timeout refused with an error before anything is subscribed.
@Suite(.onOwnThread) struct BlockingTimeoutTests {
  /// Timeouts that wait without a deadline (beyond what `DispatchTime` counts) and timeouts
  /// that have already passed: a synchronous source delivers everything either way.
  static let edgeTimeouts: [Double] = [
    .infinity, .greatestFiniteMagnitude, 1e300, 1e10, 9.3e9, 9.2e9, 4.7e9,
    0, -0.0, -1, -9.2e9, -9.3e9, -.greatestFiniteMagnitude, -.infinity,
  ]

  @Test(arguments: edgeTimeouts) func aSynchronousSourceDeliversWhateverTheTimeout(
    timeout: Double
  ) throws {
    #expect(try Observable.of(1, 2).toBlocking(timeout: timeout).toArray() == [1, 2])
    #expect(try Observable.of(1, 2).toBlocking(timeout: timeout).first() == 1)
    #expect(try Observable.of(1, 2).toBlocking(timeout: timeout).last() == 2)
  }

  @Test(arguments: [Double.infinity, 1e300, 9.3e9])
  func aTimeoutPastTheClockWaitsForAnAsynchronousSource(timeout: Double) throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    let elements = try Observable.of(1, 2, 3).subscribe(on: scheduler)
      .toBlocking(timeout: timeout).toArray()
    #expect(elements == [1, 2, 3])
  }

  @Test(arguments: [0, -1, -Double.infinity])
  func aTimeoutThatHasPassedEndsAWaitForAnAsynchronousSource(timeout: Double) {
    #expect(throws: RxError.timeout) {
      try Observable<Int>.never().toBlocking(timeout: timeout).toArray()
    }
  }

  @Test func aNaNTimeoutFailsWithoutSubscribing() {
    let subscriptions = Shared(0)
    let source = Observable.of(1, 2).do(onSubscribe: { subscriptions.mutate { $0 += 1 } })
    #expect(throws: RxError.argumentOutOfRange) {
      try source.toBlocking(timeout: .nan).toArray()
    }
    guard case .failed(let elements, let error) = source.toBlocking(timeout: .nan).materialize()
    else {
      Issue.record("expected .failed")
      return
    }
    #expect(elements.isEmpty)
    #expect(error as? RxError == .argumentOutOfRange)
    #expect(subscriptions.value == 0)
  }
}
