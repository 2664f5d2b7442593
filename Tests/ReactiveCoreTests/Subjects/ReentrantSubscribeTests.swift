import ReactiveEngine
import Testing

@testable import ReactiveCore

/// A deliberate difference from RxSwift (README, "Deliberate differences" 2): an observer subscribed to a
/// subject while the subject delivers an event gets its replay after the current delivery has
/// reached every subscriber. RxSwift replays at once, inside the delivering observer's callback.
@Suite struct ReentrantSubscribeTests {
  @Test func subscriberAddedDuringCompletionGetsItsReplayAfterTheCurrentDelivery() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      let log = Locked<[String]>([])
      func record(_ line: String) { log.withLock { $0.append(line) } }
      var late: Disposable?
      let a = subject.subscribe(onCompleted: {
        record("a completed")
        late = subject.subscribe(
          onNext: { record("late next \($0)") }, onCompleted: { record("late completed") })
        record("a returns")
      })
      let b = subject.subscribe(onCompleted: { record("b completed") })
      subject.onNext(1)
      subject.onCompleted()
      // RxSwift: a completed, late next 1, late completed, a returns, b completed.
      #expect(
        log.withLock { $0 } == [
          "a completed", "a returns", "b completed", "late next 1", "late completed",
        ])
      a.dispose()
      b.dispose()
      late?.dispose()
    }
  }

  @Test func subscriberAddedDuringAnElementSeesTheSameOrderAsEveryone() {
    expectNoLeaks {
      let subject = BehaviorSubject(value: 0)
      let log = Locked<[String]>([])
      func record(_ line: String) { log.withLock { $0.append(line) } }
      var late: Disposable?
      let a = subject.subscribe(onNext: { value in
        record("a \(value)")
        if value == 1 {
          late = subject.subscribe(onNext: { record("late \($0)") })
        }
      })
      subject.onNext(1)
      subject.onNext(2)
      #expect(log.withLock { $0 } == ["a 0", "a 1", "late 1", "a 2", "late 2"])
      a.dispose()
      late?.dispose()
    }
  }
}
