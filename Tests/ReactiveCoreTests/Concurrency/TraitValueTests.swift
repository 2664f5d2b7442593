import ReactiveEngine
import Testing

@testable import ReactiveCore

/// Counts how often the work behind a trait was started and disposed.
final class WorkProbe: @unchecked Sendable {  // guarded by its lock
  private let counts = Locked((subscribed: 0, disposed: 0))
  var subscribed: Int { counts.withLock { $0.subscribed } }
  var disposed: Int { counts.withLock { $0.disposed } }

  /// A `Single` that never reports; records its subscription and disposal.
  func pendingSingle() -> Single<Int> {
    Single.create { _ in
      self.counts.withLock { $0.subscribed += 1 }
      return Disposables.create { self.counts.withLock { $0.disposed += 1 } }
    }
  }
}

@Suite struct TraitValueTests {
  @Test func singleValue() async throws {
    try await expectNoLeaksAsync {
      let value = try await Single.just(42).value
      #expect(value == 42)
      let mapped = try await Single.just(2).map { $0 * 3 }.value
      #expect(mapped == 6)
    }
  }

  @Test func singleValueThrows() async {
    await expectNoLeaksAsync {
      await #expect(throws: TestError(id: 1)) {
        try await Single<Int>.error(TestError(id: 1)).value
      }
      await #expect(throws: RxError.noElements) {
        try await Observable<Int>.empty().asSingle().value
      }
      await #expect(throws: RxError.moreThanOneElement) {
        try await Observable.of(1, 2).asSingle().value
      }
    }
  }

  @Test func singleValueFromAnotherThread() async throws {
    try await expectNoLeaksAsync {
      let subject = PublishSubject<Int>()
      let emitter = Task.detached {
        // Waits (suspending, not spinning on a thread of the 2-thread pool) for the subscription.
        _ = await eventually { subject.hasObservers }
        subject.onNext(5)
        subject.onCompleted()
      }
      let value = try await subject.asSingle().value
      #expect(value == 5)
      await emitter.value
    }
  }

  @Test func cancellingTheAwaitingTaskDisposesTheSubscription() async {
    await expectNoLeaksAsync {
      let probe = WorkProbe()
      let task = Task { try await probe.pendingSingle().value }
      #expect(await eventually { probe.subscribed == 1 })
      task.cancel()
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(probe.disposed == 1)
    }
  }

  /// As RxSwift: a cancelled task still subscribes; with no synchronous result the subscription
  /// is disposed at once and `CancellationError` thrown.
  @Test func alreadyCancelledTaskSubscribesAndDisposesAtOnce() async {
    await expectNoLeaksAsync {
      let probe = WorkProbe()
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await probe.pendingSingle().value
      }
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(probe.subscribed == 1)
      #expect(probe.disposed == 1)
    }
  }

  /// A trait that answers during `subscribe` gives its value even in a
  /// cancelled task, as in RxSwift.
  @Test func alreadyCancelledTaskGetsSynchronousResults() async throws {
    try await expectNoLeaksAsync {
      let task = Task { () throws -> (Int?, Int, Bool) in
        withUnsafeCurrentTask { $0?.cancel() }
        let maybe = try await Maybe<Int>.empty().value
        try await Completable.empty().value
        let single = try await Single.just(7).value
        return (maybe, single, Task.isCancelled)
      }
      let (maybe, single, cancelled) = try await task.value
      #expect(maybe == nil)
      #expect(single == 7)
      #expect(cancelled)
      let failing = Task { () throws -> Int in
        withUnsafeCurrentTask { $0?.cancel() }
        return try await Single<Int>.error(TestError(id: 3)).value
      }
      await #expect(throws: TestError(id: 3)) { try await failing.value }
    }
  }

  @Test func maybeValue() async throws {
    try await expectNoLeaksAsync {
      let some = try await Maybe.just(1).value
      let none = try await Maybe<Int>.empty().value
      #expect(some == 1)
      #expect(none == nil)
      await #expect(throws: TestError(id: 2)) { try await Maybe<Int>.error(TestError(id: 2)).value }
    }
  }

  @Test func completableValue() async throws {
    try await expectNoLeaksAsync {
      try await Completable.empty().value
      try await Observable.of(1, 2).ignoreElements().value
      await #expect(throws: TestError(id: 3)) {
        try await Completable.error(TestError(id: 3)).value
      }
    }
  }

  @Test func cancellingMaybeAndCompletableValue() async {
    await expectNoLeaksAsync {
      let probe = WorkProbe()
      let maybe = Task { try await probe.pendingSingle().asMaybe().value }
      let completable = Task { try await probe.pendingSingle().asCompletable().value }
      #expect(await eventually { probe.subscribed == 2 })
      maybe.cancel()
      completable.cancel()
      let maybeResult = await maybe.result
      let completableResult = await completable.result
      #expect(throws: CancellationError.self) { try maybeResult.get() }
      #expect(throws: CancellationError.self) { try completableResult.get() }
      #expect(probe.disposed == 2)
    }
  }

  @Test func cancellationRacingTheResultResumesExactlyOnce() async {
    await expectNoLeaksAsync {
      var successes = 0
      var cancellations = 0
      var lateSubscriptions = 0
      for _ in 0..<300 {
        let subject = PublishSubject<Int>()
        let task = Task { try await subject.asSingle().value }
        let emitter = Task.detached {
          subject.onNext(1)
          subject.onCompleted()
        }
        task.cancel()
        switch await task.result {
        case .success(let value):
          #expect(value == 1)
          successes += 1
        case .failure(let error as RxError):
          // The emitter finished before `value` subscribed: the subject replays only its
          // completion, and `value` subscribes even in a cancelled task (as RxSwift does), so the
          // synchronous outcome wins.
          #expect(error == .noElements)
          lateSubscriptions += 1
        case .failure(let error):
          #expect(error is CancellationError)
          cancellations += 1
        }
        await emitter.value
        #expect(!subject.hasObservers)
      }
      #expect(successes + cancellations + lateSubscriptions == 300)
    }
  }
}
