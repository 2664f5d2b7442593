import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

/// Promises 1–3 of the core under real threads: serialized delivery with nothing lost, queued
/// re-entrancy, and `dispose()` as a barrier.
@Suite(.onOwnThread) struct ConcurrencyStressTests {
  static let threads = 4
  static let perThread = 25_000  // 100k events per test

  /// Records deliveries and checks that they never overlap.
  final class SerialChecker: @unchecked Sendable {  // `values` is only touched while `inside` is 1
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let count = Atomic<Int>(0)
    var values: [Int] = []

    init() {
      values.reserveCapacity(ConcurrencyStressTests.threads * ConcurrencyStressTests.perThread)
    }

    func receive(_ value: Int) {
      if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      values.append(value)
      inside.subtract(1, ordering: .acquiringAndReleasing)
      count.add(1, ordering: .releasing)
    }

    /// Waits for `expected` deliveries (a drainer over budget hands off to a background thread).
    func waitFor(_ expected: Int) -> Bool {
      eventually(timeout: heavyDeadline) { count.load(ordering: .acquiring) >= expected }
    }
  }

  static func encode(thread: Int, index: Int) -> Int { thread * 1_000_000 + index }

  /// Every thread's elements arrive complete and in the order that thread sent them.
  static func checkPerThreadOrder(_ values: [Int]) -> Bool {
    var next = [Int](repeating: 0, count: threads)
    for value in values {
      let thread = value / 1_000_000
      let index = value % 1_000_000
      guard index == next[thread] else { return false }
      next[thread] += 1
    }
    return next.allSatisfy { $0 == perThread }
  }

  @Test func publishSubjectFromManyThreadsLosesNothingAndNeverOverlaps() {
    let subject = PublishSubject<Int>()
    let first = SerialChecker()
    let second = SerialChecker()
    let a = subject.subscribe(onNext: first.receive)
    let b = subject.subscribe(onNext: second.receive)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.perThread { subject.onNext(Self.encode(thread: thread, index: index)) }
    }
    let total = Self.threads * Self.perThread
    #expect(first.waitFor(total))
    #expect(second.waitFor(total))
    a.dispose()
    b.dispose()
    #expect(first.overlaps.load(ordering: .relaxed) == 0)
    #expect(second.overlaps.load(ordering: .relaxed) == 0)
    #expect(first.values.count == total)
    #expect(first.values == second.values, "all subscribers see the same order")
    #expect(Self.checkPerThreadOrder(first.values))
  }

  @Test func publishSubjectCompletionRacingEmittersEndsCleanly() {
    for _ in 0..<20 {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = subject.subscribe(recorder)
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for index in 0..<2_000 {
          if thread == 0 && index == 1_000 { subject.onCompleted() }
          subject.onNext(index)
        }
      }
      #expect(eventually(timeout: heavyDeadline) { recorder.events.last?.isStopEvent == true })
      let events = recorder.events
      #expect(events.filter(\.isStopEvent).count == 1)
      #expect(events.last == .completed)
      #expect(!subject.hasObservers)
      subscription.dispose()
    }
  }

  @Test func behaviorRelayValueMatchesTheLastDeliveredElement() {
    let relay = BehaviorRelay(value: -1)
    let checker = SerialChecker()
    let subscription = relay.subscribe(onNext: checker.receive)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.perThread { relay.accept(Self.encode(thread: thread, index: index)) }
    }
    let total = Self.threads * Self.perThread + 1  // plus the replayed initial value
    #expect(checker.waitFor(total))
    subscription.dispose()
    #expect(checker.overlaps.load(ordering: .relaxed) == 0)
    #expect(checker.values.count == total)
    #expect(checker.values.first == -1)
    #expect(relay.value == checker.values.last)
    #expect(Self.checkPerThreadOrder(Array(checker.values.dropFirst())))
  }

  @Test func behaviorRelaySubscribersJoiningUnderLoadSeeTheCurrentValueFirstAndNoGaps() {
    let relay = BehaviorRelay(value: 0)
    let stop = Atomic<Bool>(false)
    let done = Semaphore()
    startThread {
      var i = 1
      while !stop.load(ordering: .relaxed) {
        relay.accept(i)
        i += 1
      }
      done.fire()
    }
    for _ in 0..<200 {
      let seen = Shared<[Int]>([])
      let subscription = relay.subscribe(onNext: { value in seen.mutate { $0.append(value) } })
      subscription.dispose()
      let values = seen.value
      // Consecutive integers: the replayed current value, then every later one without gaps.
      #expect(values.isEmpty || values == Array(values[0]..<(values[0] + values.count)))
    }
    stop.store(true, ordering: .relaxed)
    #expect(done.wait())
  }

  @Test func reentrantAcceptIsQueuedInOrderForAllSubscribers() {
    expectNoLeaks {
      let relay = BehaviorRelay(value: 0)
      var logs: [[Int]] = [[], [], []]
      var subscriptions: [Disposable] = []
      for index in 0..<3 {
        subscriptions.append(
          relay.subscribe(onNext: { value in
            logs[index].append(value)
            // The first subscriber feeds the relay from inside its callback.
            if index == 0 && value > 0 && value < 5 { relay.accept(value * 10) }
            if index == 0 && value >= 10 && value < 40 { relay.accept(value + 10) }
          }))
      }
      relay.accept(1)
      relay.accept(2)
      // 1 reaches every subscriber before 10 (queued by subscriber 0), and so on.
      let expected = [1, 10, 20, 30, 40, 2, 20, 30, 40]
      #expect(logs[0] == [0] + expected)
      #expect(logs[1] == [0] + expected)
      #expect(logs[2] == [0] + expected)
      #expect(relay.value == 40)
      for subscription in subscriptions { subscription.dispose() }
    }
  }

  @Test func reentrantOnNextIntoASubjectIsQueuedNotRecursive() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var depth = 0
      var maxDepth = 0
      var seen: [Int] = []
      let subscription = subject.subscribe(onNext: { value in
        depth += 1
        maxDepth = max(maxDepth, depth)
        seen.append(value)
        if value < 1_000 { subject.onNext(value + 1) }
        depth -= 1
      })
      subject.onNext(0)
      #expect(seen == Array(0...1_000))
      #expect(maxDepth == 1)
      subscription.dispose()
    }
  }

  @Test func disposeIsABarrierForEverySubscriberUnderAConcurrentEmitter() {
    for _ in 0..<5 {
      let subject = PublishSubject<Int>()
      let stop = Atomic<Bool>(false)
      let violations = Atomic<Int>(0)
      let disposedMask = Atomic<Int>(0)  // bit i: subscription i's dispose() has returned
      let subscriptions = (0..<4).map { index in
        subject.subscribe(onNext: { _ in
          if disposedMask.load(ordering: .acquiring) & (1 << index) != 0 {
            violations.add(1, ordering: .relaxed)
          }
        })
      }
      let done = Semaphore()
      startThread {
        var i = 0
        while !stop.load(ordering: .relaxed) {
          subject.onNext(i)
          i += 1
        }
        done.fire()
      }
      for (index, subscription) in subscriptions.enumerated() {
        for _ in 0..<50 { subject.onNext(-1) }
        subscription.dispose()
        disposedMask.bitwiseOr(1 << index, ordering: .releasing)
      }
      for _ in 0..<50 { subject.onNext(-2) }
      stop.store(true, ordering: .relaxed)
      #expect(done.wait())
      #expect(violations.load(ordering: .relaxed) == 0)
      // Unsubscriptions queued behind a busy drainer are applied by the time it drains.
      #expect(eventually { !subject.hasObservers })
    }
  }

  @Test func disposeFromAnotherThreadWaitsForTheCallbackInProgress() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      let entered = Semaphore()
      let release = Semaphore()
      let finished = Atomic<Bool>(false)
      let subscription = Shared<Disposable?>(
        relay.subscribe(onNext: { _ in
          entered.fire()
          _ = release.wait()
          finished.store(true, ordering: .releasing)
        }))
      let emitted = Semaphore()
      startThread {
        relay.accept(1)
        emitted.fire()
      }
      #expect(entered.wait())
      let disposed = Semaphore()
      let finishedWhenDisposeReturned = Shared<Bool?>(nil)
      startThread {
        subscription.value?.dispose()
        finishedWhenDisposeReturned.value = finished.load(ordering: .acquiring)
        disposed.fire()
      }
      // dispose() is blocked on the callback; let the callback finish.
      #expect(eventually { (subscription.value as? Cancelable)?.isDisposed == true })
      release.fire()
      #expect(disposed.wait())
      #expect(emitted.wait())
      #expect(finishedWhenDisposeReturned.value == true)
      subscription.value = nil
    }
  }

  @Test func behaviorSubjectConcurrentStateAndDelivery() {
    let subject = BehaviorSubject(value: -1)
    let checker = SerialChecker()
    let subscription = subject.subscribe(onNext: checker.receive)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.perThread { subject.onNext(Self.encode(thread: thread, index: index)) }
    }
    let total = Self.threads * Self.perThread + 1
    #expect(checker.waitFor(total))
    subscription.dispose()
    #expect(checker.overlaps.load(ordering: .relaxed) == 0)
    #expect((try? subject.value()) == checker.values.last)
  }
}
