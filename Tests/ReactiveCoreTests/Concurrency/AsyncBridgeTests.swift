import ReactiveEngine
import Testing

@testable import ReactiveCore

/// A thread-safe flag set by a task's cancellation or termination.
final class Flag: @unchecked Sendable {  // guarded by its lock
  private let value = Locked(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}

/// Waits for a `Recorder` to hold a terminal event.
func terminated<Element>(_ recorder: Recorder<Element>) async -> Bool {
  await eventually { recorder.events.last?.isStopEvent == true }
}

@Suite struct AsyncSequenceObservableTests {
  @Test func emitsElementsThenCompletes() async {
    await expectNoLeaksAsync {
      let stream = AsyncStream<Int> { continuation in
        for i in 1...3 { continuation.yield(i) }
        continuation.finish()
      }
      let recorder = Recorder<Int>()
      _ = stream.asObservable().subscribe(recorder)
      #expect(await terminated(recorder))
      #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }
  }

  @Test func forwardsTheThrownError() async {
    await expectNoLeaksAsync {
      let stream = AsyncThrowingStream<Int, any Error> { continuation in
        continuation.yield(1)
        continuation.finish(throwing: TestError(id: 6))
      }
      let recorder = Recorder<Int>()
      _ = stream.asObservable().subscribe(recorder)
      #expect(await terminated(recorder))
      #expect(recorder.events == [.next(1), .error(TestError(id: 6))])
    }
  }

  // The shared (synchronous) operator contract does not apply here: events arrive later, from
  // a task. Its three checks are made asynchronously instead: the grammar and completion
  // (above), nothing after dispose and the task's cancellation (below), no leaks (everywhere).
  @Test func disposingCancelsTheTask() async {
    await expectNoLeaksAsync {
      let terminatedStream = Flag()
      let (stream, continuation) = AsyncStream<Int>.makeStream()
      continuation.onTermination = { _ in terminatedStream.set() }
      let recorder = Recorder<Int>()
      let subscription = stream.asObservable().subscribe(recorder)
      continuation.yield(1)
      #expect(await eventually { recorder.elements == [1] })
      subscription.dispose()
      #expect(await eventually { terminatedStream.isSet })  // the iterating task was cancelled
      continuation.yield(2)
      continuation.finish()
      #expect(recorder.events == [.next(1)])  // nothing after dispose
    }
  }

  @Test func eachSubscriptionIteratesAnew() async throws {
    try await expectNoLeaksAsync {
      let sequence = Numbers(count: 3)
      let first = try await sequence.asObservable().toArray().value
      let second = try await sequence.asObservable().toArray().value
      #expect(first == [0, 1, 2])
      #expect(second == [0, 1, 2])
    }
  }
}

/// A finite, `Sendable` async sequence of `0..<count`.
struct Numbers: AsyncSequence, Sendable {
  let count: Int
  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int
    mutating func next() async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}

@Suite struct AsyncCreationTests {
  @Test func observableAsync() async {
    await expectNoLeaksAsync {
      let recorder = Recorder<Int>()
      _ = Observable.async { 41 + 1 }.subscribe(recorder)
      #expect(await terminated(recorder))
      #expect(recorder.events == [.next(42), .completed])

      let failing = Recorder<Int>()
      _ = Observable<Int>.async { throw TestError(id: 8) }.subscribe(failing)
      #expect(await terminated(failing))
      #expect(failing.events == [.error(TestError(id: 8))])
    }
  }

  @Test func singleMaybeCompletableAsync() async throws {
    try await expectNoLeaksAsync {
      let single = try await Single.async { "answer" }.value
      let some = try await Maybe.async { Optional(1) }.value
      let none = try await Maybe<Int>.async { nil }.value
      try await Completable.async {}.value
      #expect(single == "answer")
      #expect(some == 1)
      #expect(none == nil)
      await #expect(throws: TestError(id: 1)) {
        try await Completable.async { throw TestError(id: 1) }.value
      }
    }
  }

  @Test func disposingCancelsTheWork() async {
    await expectNoLeaksAsync {
      let started = Flag()
      let cancelled = Flag()
      let recorder = Recorder<Int>()
      let subscription = Single<Int>.async {
        started.set()
        // Suspended, not spinning, until cancelled: a spinning task would hold one of the
        // cooperative pool's threads (two on this machine) while the test polls on the other.
        let (wakeUp, wake) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
          for await _ in wakeUp {}
        } onCancel: {
          cancelled.set()
          wake.finish()
        }
        return 1
      }.asObservable().subscribe(recorder)
      #expect(await eventually { started.isSet })
      subscription.dispose()
      #expect(await eventually { cancelled.isSet })
      #expect(recorder.events.isEmpty)
    }
  }

  @Test func workIsRunOncePerSubscription() async throws {
    try await expectNoLeaksAsync {
      let runs = Locked(0)
      let single = Single.async {
        runs.withLock {
          $0 += 1
          return $0
        }
      }
      let a = try await single.value
      let b = try await single.value
      #expect([a, b] == [1, 2])
    }
  }

  @Test func mainActorWorkRunsOnTheMainActor() async throws {
    try await expectNoLeaksAsync {
      let onMain = try await Single.async { @MainActor in
        MainActor.assertIsolated()
        return true
      }.value
      #expect(onMain)
    }
  }
}
