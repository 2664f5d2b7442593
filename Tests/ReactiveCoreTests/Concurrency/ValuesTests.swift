import Dispatch
import ReactiveEngine
import Testing

@testable import ReactiveCore

@Suite struct ValuesTests {
  @Test func endsOnCompletion() async throws {
    try await expectNoLeaksAsync {
      var seen: [Int] = []
      for try await value in Observable.of(1, 2, 3).values { seen.append(value) }
      #expect(seen == [1, 2, 3])
    }
  }

  @Test func throwsTheError() async {
    await expectNoLeaksAsync {
      var seen: [Int] = []
      do {
        for try await value in Observable.of(1, 2).thenFailing(TestError(id: 4)).values {
          seen.append(value)
        }
        Issue.record("expected an error")
      } catch {
        #expect((error as? TestError) == TestError(id: 4))
      }
      #expect(seen == [1, 2])
    }
  }

  @Test func buffersEventsBeforeIterationStarts() async throws {
    try await expectNoLeaksAsync {
      let subject = PublishSubject<Int>()
      let stream = subject.values  // subscribes now
      subject.onNext(1)
      subject.onNext(2)
      subject.onCompleted()
      var seen: [Int] = []
      for try await value in stream { seen.append(value) }
      #expect(seen == [1, 2])
    }
  }

  @Test func boundedBufferingPolicyKeepsNewest() async throws {
    try await expectNoLeaksAsync {
      let subject = PublishSubject<Int>()
      let stream = subject.values(bufferingPolicy: .bufferingNewest(1))
      for i in 1...5 { subject.onNext(i) }
      subject.onCompleted()
      var seen: [Int] = []
      for try await value in stream { seen.append(value) }
      #expect(seen == [5])
    }
  }

  @Test func cancellingTheConsumerDisposesTheSubscription() async {
    await expectNoLeaksAsync {
      let subject = PublishSubject<Int>()
      let received = Locked<[Int]>([])
      let task = Task {
        for try await value in subject.values {
          received.withLock { $0.append(value) }
        }
        return "ended"
      }
      #expect(await eventually { subject.hasObservers })
      subject.onNext(1)
      #expect(await eventually { received.withLock { $0 } == [1] })
      task.cancel()
      // As in RxSwift, cancellation ends the loop with
      // `CancellationError`, not as if the sequence had completed.
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(!subject.hasObservers)
    }
  }

  @Test func breakingOutOfTheLoopDisposesTheSubscription() async throws {
    try await expectNoLeaksAsync {
      let relay = BehaviorRelay(value: 0)
      func firstValue() async throws -> Int? {
        for try await value in relay.values { return value }
        return nil
      }
      let first = try await firstValue()
      #expect(first == 0)
      #expect(await eventually { !relay.hasObservers })
    }
  }

  @Test func elementsFromManyThreadsAllArriveInOrderPerThread() async throws {
    try await expectNoLeaksAsync {
      let relay = PublishRelay<Int>()
      let threads = 4
      let perThread = 2_000
      var count = 0
      do {  // the stream is dropped at the end of this scope
        let stream = relay.values
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
          for i in 0..<perThread { relay.accept(thread * perThread + i) }
        }
        var lastPerThread = [Int](repeating: -1, count: threads)
        for try await value in stream {
          let thread = value / perThread
          #expect(value > lastPerThread[thread])
          lastPerThread[thread] = value
          count += 1
          if count == threads * perThread { break }
        }
      }
      #expect(count == threads * perThread)
      #expect(await eventually { !relay.hasObservers })
    }
  }

  @Test func infallibleValuesIsNonThrowing() async {
    await expectNoLeaksAsync {
      var seen: [Int] = []
      for await value in Infallible.of(1, 2).values { seen.append(value) }
      #expect(seen == [1, 2])
      let relay = PublishRelay<String>()
      do {  // the stream is dropped at the end of this scope
        let stream = relay.asInfallible().values
        relay.accept("a")
        for await value in stream {
          seen.append(value.count)
          break
        }
      }
      #expect(seen == [1, 2, 1])
      var newest: [Int] = []
      for await value in Infallible.of(1, 2, 3).values(bufferingPolicy: .bufferingNewest(1)) {
        newest.append(value)
      }
      #expect(newest == [3])
      #expect(await eventually { !relay.hasObservers })
    }
  }
}

extension ObservableType {
  /// The elements of this sequence, then `error` in place of its completion (test helper).
  fileprivate func thenFailing(_ error: any Error) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      source.subscribe(
        onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
        onCompleted: { observer.onError(error) })
    }
  }
}
