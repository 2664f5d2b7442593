import Dispatch
import Testing

@testable import ReactiveCore

/// The documented ways to get events onto the main actor (Docs/Concurrency.md).
@Suite struct MainActorDeliveryTests {
  @MainActor
  final class Model {
    var received: [Int] = []
  }

  @Test @MainActor func forAwaitLoopOnTheMainActor() async throws {
    try await expectNoLeaksAsync {
      let model = Model()
      let subject = PublishSubject<Int>()
      let stream = subject.values
      // Emit from a background thread.
      let emitter = Task.detached {
        for i in 1...3 { subject.onNext(i) }
        subject.onCompleted()
      }
      for try await value in stream {
        MainActor.assertIsolated()  // the loop body runs on the main actor
        model.received.append(value)
      }
      await emitter.value
      #expect(model.received == [1, 2, 3])
    }
  }

  @Test @MainActor func asyncWorkIsolatedToTheMainActor() async throws {
    try await expectNoLeaksAsync {
      let model = Model()
      let count = try await Single.async { @MainActor in
        model.received.append(1)
        return model.received.count
      }.value
      #expect(count == 1)
    }
  }
}
