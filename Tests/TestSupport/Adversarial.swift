// The adversarial suites: producer threads, a disruptor thread, and a probe per observer that checks
// the observer contract while they race. Repeatable by seed: the seed fixes what every thread does
// and when (not how the threads interleave), and every failure message names it.

import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The seed of this test run: `REACTIVE_TEST_SEED` (decimal, or hexadecimal with `0x`), or a fixed
/// default so that a plain `swift test` repeats the same run.
public let adversarialSeed: UInt64 = {
  let text = ProcessInfo.processInfo.environment["REACTIVE_TEST_SEED"] ?? ""
  if text.hasPrefix("0x"), let seed = UInt64(text.dropFirst(2), radix: 16) { return seed }
  return UInt64(text) ?? 0x5EED_AD5E
}()

/// How a failure names the seed: replaying it is one environment variable away.
public func seedNote(_ round: Int? = nil) -> String {
  let base = "seed \(adversarialSeed) (rerun with REACTIVE_TEST_SEED=\(adversarialSeed))"
  return round.map { "\(base), round \($0)" } ?? base
}

/// The generator of one thread of one round: distinct, and fixed by the run's seed.
public func adversarialGenerator(round: Int, thread: Int) -> SeededGenerator {
  SeededGenerator(seed: adversarialSeed &+ UInt64(round) &* 0x1_0000 &+ UInt64(thread) &* 0x9E37)
}

/// The safety net of every wait of the adversarial suites: long enough for a loaded 2-core machine
/// (times `deadlineScale`, which stretches it under ThreadSanitizer), short enough that a hang
/// fails the test instead of stalling CI.
public let adversarialDeadline: Duration = .seconds(60) * deadlineScale

/// How long a round's resources may take to go once its threads are done: the pending work of the
/// time operators is due within microseconds, so whatever is still alive after this has leaked.
public let adversarialLeakDeadline: Duration = .seconds(10) * deadlineScale

/// Checks one observer's contract while threads race: the grammar `next* (error | completed)?`, no
/// event after `dispose()` returned, no two events delivered at once. Call `next()` or `terminal()`
/// first thing in each callback and `disposeReturned()` right after `dispose()` returns (from a
/// thread that is not delivering to this observer).
public final class ContractProbe: Sendable {  // atomics only
  private let inside = Atomic<Bool>(false)
  private let overlaps = Atomic<Int>(0)
  private let terminals = Atomic<Int>(0)
  private let afterTerminal = Atomic<Int>(0)
  private let afterDispose = Atomic<Int>(0)
  private let disposed = Atomic<Bool>(false)
  private let deliveries = Atomic<Int>(0)

  public init() {}

  /// An element arrived.
  public func next() { deliver(isTerminal: false) }

  /// An error or a completion arrived.
  public func terminal() { deliver(isTerminal: true) }

  private func deliver(isTerminal: Bool) {
    if inside.exchange(true, ordering: .acquiringAndReleasing) {
      overlaps.add(1, ordering: .relaxed)
    }
    if disposed.load(ordering: .acquiring) { afterDispose.add(1, ordering: .relaxed) }
    if terminals.load(ordering: .relaxed) > 0 { afterTerminal.add(1, ordering: .relaxed) }
    if isTerminal { terminals.add(1, ordering: .relaxed) }
    deliveries.add(1, ordering: .relaxed)
    // Stay inside a moment so that a concurrent delivery has a window to be caught in.
    for _ in 0..<8 { _ = inside.load(ordering: .relaxed) }
    inside.store(false, ordering: .releasing)
  }

  /// `dispose()` of this observer's subscription returned: nothing may be delivered from now on.
  public func disposeReturned() { disposed.store(true, ordering: .releasing) }

  /// Events delivered so far.
  public var deliveryCount: Int { deliveries.load(ordering: .acquiring) }

  /// Whether a terminal event arrived.
  public var isTerminated: Bool { terminals.load(ordering: .acquiring) > 0 }

  /// What broke the contract, one line each; empty when it held.
  public var violations: [String] {
    var found: [String] = []
    let overlaps = overlaps.load(ordering: .acquiring)
    if overlaps > 0 { found.append("\(overlaps) events delivered while another was running") }
    let terminals = terminals.load(ordering: .acquiring)
    if terminals > 1 { found.append("\(terminals) terminal events") }
    let afterTerminal = afterTerminal.load(ordering: .acquiring)
    if afterTerminal > 0 { found.append("\(afterTerminal) events after the terminal event") }
    let afterDispose = afterDispose.load(ordering: .acquiring)
    if afterDispose > 0 { found.append("\(afterDispose) events after dispose() returned") }
    return found
  }
}

/// Dedicated threads (not the dispatch pool: on Linux it has about one thread per core, and
/// spinning producers would starve every other test), joined with a deadline.
public final class ThreadGroup: Sendable {  // the counter is atomic, the semaphore thread-safe
  private let running = Atomic<Int>(0)
  private let finished = DispatchSemaphore(value: 0)

  public init() {}

  /// Starts `body` on a new thread.
  public func spawn(name: String, _ body: @escaping @Sendable () -> Void) {
    running.add(1, ordering: .relaxed)
    let thread = Thread { [finished] in
      body()
      finished.signal()
    }
    thread.name = name
    thread.start()
  }

  /// Waits for every spawned thread; `false` if one is still running after `timeout`.
  public func join(timeout: Duration = adversarialDeadline) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    for _ in 0..<running.exchange(0, ordering: .acquiringAndReleasing) {
      let left = clock.now.duration(to: deadline)
      guard left > .zero, wait(for: finished, timeout: left) else { return false }
    }
    return true
  }
}

extension RandomNumberGenerator {
  /// `true` once in `n` draws on average.
  public mutating func oneIn(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &self) == 0 }

  /// Spins for a random short while: the seeded "random point" between two actions.
  public mutating func pause(upTo spins: Int) {
    for _ in 0..<Int.random(in: 0...spins, using: &self) { sched_yield() }
  }
}

/// A counter that several threads (and escaping closures) share.
public final class SharedCounter: Sendable {  // atomic
  private let value: Atomic<Int>

  public init(_ value: Int) { self.value = Atomic(value) }

  public var current: Int { value.load(ordering: .acquiring) }

  public func decrement() { value.subtract(1, ordering: .releasing) }
}
