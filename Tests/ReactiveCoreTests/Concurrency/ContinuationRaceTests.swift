// RxSwift's `testSingleContinuationIsNotResumedTwice` and `testMaybeContinuationIsNotResumedTwice`:
// 10,000 tasks awaiting `value`, each cancelled while its result is delivered from another
// thread. The continuation must be resumed exactly once (a second resume traps), with the result
// or with `CancellationError`, and every task must finish. A cancel runs inside the task's
// cancellation handler, which holds the task's status lock; a `dispose()` there that waited for a
// delivery resuming the continuation (which needs that lock) would never return, nor would a
// waiter that is never woken: the deadline fails the run. The seed fixes how long each side
// yields before it acts.

import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactiveCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(.onOwnThread) struct ContinuationRaceTests {
  /// RxSwift's 10,000; fewer under ThreadSanitizer, where each task costs tens of times more and
  /// a thousand of them keep the cooperative pool from every other test's tasks for minutes.
  static let iterations = isUnderThreadSanitizer ? 200 : 10_000

  @Test func singleContinuationIsNotResumedTwice() {
    raceCancelsAgainstDeliveries("Single") { deliver in
      let single = Single<Int>.create { observer in
        deliver { observer(.success(42)) }
        return Disposables.create()
      }
      return try await single.value == 42
    }
  }

  @Test func maybeContinuationIsNotResumedTwice() {
    raceCancelsAgainstDeliveries("Maybe") { deliver in
      let maybe = Maybe<Bool>.create { observer in
        deliver { observer(.success(true)) }
        return Disposables.create()
      }
      return try await maybe.value == true
    }
  }

  /// Runs `iterations` awaits of `value` at once. `awaitValue` builds the trait (its subscription
  /// passes its result to `deliver`, which runs it on another thread after a seeded number of
  /// yields) and awaits it: `true` when the value is the one delivered. Once subscribed, the task
  /// is cancelled from a third thread after a seeded number of yields.
  func raceCancelsAgainstDeliveries(
    _ name: String,
    _ awaitValue:
      @escaping @Sendable (_ deliver: @escaping @Sendable (@escaping () -> Void) -> Void)
      async throws -> Bool
  ) {
    let tally = Tally()
    let finished = DispatchSemaphore(value: 0)
    let before = ResourceUsage.now()
    Task {
      await withTaskGroup(of: Void.self) { group in
        for iteration in 0..<Self.iterations {
          var generator = adversarialGenerator(round: iteration, thread: 0)
          let deliveryYields = Int.random(in: 0...8, using: &generator)
          let cancelYields = Int.random(in: 0...8, using: &generator)
          group.addTask {
            let cancel = CancelOnceSubscribed(after: cancelYields)
            let task = Task {
              try await awaitValue { delivery in
                let delivery = UncheckedBox(delivery)  // run once, on that thread
                DispatchQueue.global().async {
                  for _ in 0..<deliveryYields { sched_yield() }
                  delivery.value()
                }
                cancel.subscribed()
              }
            }
            cancel.started(task)
            switch await task.result {
            case .success(true): break
            case .failure(is CancellationError): tally.cancelled.add(1, ordering: .relaxed)
            default: tally.wrong.add(1, ordering: .relaxed)
            }
          }
        }
      }
      finished.signal()
    }
    #expect(wait(for: finished, timeout: adversarialDeadline), "\(name): a task never finished")
    let used = ResourceUsage.now().since(before)
    #expect(tally.wrong.load(ordering: .relaxed) == 0, "\(name): \(seedNote())")
    // What the waits cost (reported, not asserted: it depends on the machine).
    print(
      "\(name) continuation race: \(Self.iterations) awaits (\(tally.cancelled.load(ordering: .relaxed)) cancelled) in \(used)"
    )
  }
}

/// Cancels a task from another thread once it has subscribed (so that the cancel races the
/// delivery, not the subscription) and it has been started (its handle is known).
private final class CancelOnceSubscribed: Sendable {  // `state` is guarded by its lock
  private let state = Shared<(task: Task<Bool, any Error>?, subscribed: Bool)>((nil, false))
  private let yields: Int

  init(after yields: Int) { self.yields = yields }

  /// The awaited trait has been subscribed to.
  func subscribed() {
    if let task = state.mutate({
      $0.subscribed = true
      return $0.task
    }) {
      cancel(task)
    }
  }

  /// The task awaiting the trait has been started.
  func started(_ task: Task<Bool, any Error>) {
    if state.mutate({
      $0.task = task
      return $0.subscribed
    }) {
      cancel(task)
    }
  }

  private func cancel(_ task: Task<Bool, any Error>) {
    DispatchQueue.global().async { [yields] in
      for _ in 0..<yields { sched_yield() }
      task.cancel()
    }
  }
}

/// What the awaits of a race returned.
private final class Tally: Sendable {  // atomics
  /// Awaits that ended in `CancellationError`.
  let cancelled = Atomic<Int>(0)
  /// Awaits that returned anything but the delivered value or `CancellationError`.
  let wrong = Atomic<Int>(0)
}

/// Wall-clock time and context switches of this process, for reports.
struct ResourceUsage: CustomStringConvertible {
  var time: ContinuousClock.Instant
  var voluntarySwitches: Int
  var involuntarySwitches: Int
  var elapsed: Duration = .zero

  static func now() -> ResourceUsage {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return ResourceUsage(
      time: .now, voluntarySwitches: Int(usage.ru_nvcsw), involuntarySwitches: Int(usage.ru_nivcsw))
  }

  func since(_ start: ResourceUsage) -> ResourceUsage {
    ResourceUsage(
      time: time, voluntarySwitches: voluntarySwitches - start.voluntarySwitches,
      involuntarySwitches: involuntarySwitches - start.involuntarySwitches,
      elapsed: start.time.duration(to: time))
  }

  var description: String {
    "\(elapsed), \(voluntarySwitches) voluntary and \(involuntarySwitches) involuntary context switches"
  }
}
