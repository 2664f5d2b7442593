import ReactiveEngine
import ReactiveMVI
import Synchronization
import TestSupport
import Testing

@testable import ReactiveMVITesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A result from an effect's thread is logged before the store reduces it, and its state change
/// after: a test store that read the log between the two must still assert the whole step.
@Suite struct TestStoreStepBoundaryTests {
  struct Counter: Feature {
    typealias State = Int
    enum Intent: Equatable { case load }
    enum Result: Equatable { case loaded(Int) }
    typealias Event = Never

    func handle(_ intent: Intent, state: Int) -> Effect<Result, Never> {
      .task { .loaded(7) }
    }

    func reduce(_ state: Int, _ result: Result) -> Int {
      switch result {
      case .loaded(let value): return value
      }
    }
  }

  /// The log of the test store a middleware looks at, set once the test store exists.
  final class Watched: Sendable {
    let log = Mutex<Locked<[StoreActivity<Counter>]>?>(nil)
    /// Whether the test store's log is empty: read, up to the result, by the test store's wait.
    var logWasRead: Bool {
      log.withLock { $0?.withLock { $0.isEmpty } ?? false }
    }
  }

  /// The middleware holds the effect's thread between logging the result and reducing it until
  /// the waiting test store has read the log, so the test store always sees the step half-way.
  @Test func aResultReadBeforeItsStateChangeIsAssertedWhole() async {
    let watched = Watched()
    let holdHalfway = Middleware<Counter> { activity, _ in
      guard case .result(_, .effect) = activity else { return }
      let deadline = ContinuousClock.now + localDeadline
      while !watched.logWasRead && ContinuousClock.now < deadline { sched_yield() }
    }
    let store = TestStore(initialState: 0, feature: Counter(), middleware: [holdHalfway])
    watched.log.withLock { $0 = store.log }
    store.send(.load)
    await store.receive(.loaded(7), timeout: localDeadline) { $0 = 7 }
    #expect(store.state == 7)
    await store.finish(timeout: localDeadline)
  }
}
