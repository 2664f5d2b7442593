import ReactiveCore
import Testing

/// Synchronous generators (`from(1...)`, `repeatElement`, `range`, `generate`) nested inside other
/// operators stop as soon as `take` or `element(at:)` ends the sequence. Each body runs under a
/// watchdog: a regression fails the test instead of hanging the suite.
@Suite struct SynchronousGeneratorTests {
  static let hangTimeout: Duration = .seconds(3)

  func firstThree(_ source: @escaping @Sendable () -> Observable<Int>) -> [Event<Int>]? {
    withWatchdog(timeout: Self.hangTimeout) {
      let recorder = Recorder<Int>()
      _ = source().subscribe(recorder)
      return recorder.events
    }
  }

  @Test func flatMapOfAnEndlessSequence() {
    #expect(
      firstThree { Observable.of(1).flatMap { _ in Observable.from(1...) }.take(3) }
        == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func mergeOfEndlessSequences() {
    // Both sources are subscribed at once and queued on the trampoline, where they take turns
    // element by element (RxSwift gives the same).
    #expect(
      firstThree { Observable.merge(.from(1...), .from(1...)).take(3) }
        == [.next(1), .next(1), .next(2), .completed])
  }

  @Test func topLevelGeneratorsTakeTurns() {
    // Every subscription starts the trampoline, so generators take turns everywhere (RxSwift).
    let recorder = Recorder<Int>()
    _ = Observable.merge(.of(1, 2, 3), .of(10, 20, 30)).subscribe(recorder)
    #expect(recorder.elements == [1, 10, 2, 20, 3, 30])
  }

  @Test func queuedGeneratorsTakeTurns() {
    let recorder = Recorder<Int>()
    _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20, 30)) { $0 + $1 }.take(5)
      .subscribe(recorder)
    #expect(recorder.events == [.next(11), .next(22), .next(33), .completed])
  }

  @Test func concatOfAnEndlessSequence() {
    #expect(
      firstThree { Observable.concat(.from(1...), .just(0)).take(3) }
        == [.next(1), .next(2), .next(3), .completed])
  }

  @Test func zipOfEndlessSequences() {
    #expect(
      firstThree {
        Observable.zip(Observable.from(1...), Observable.from(1...)).map { $0 * 10 + $1 }.take(3)
      }
        == [.next(11), .next(22), .next(33), .completed])
  }

  @Test func combineLatestOfEndlessSequences() {
    let events = firstThree {
      Observable.combineLatest(Observable.from(1...), Observable.from(1...)) { $0 * 10 + $1 }
        .take(3)
    }
    #expect(events?.count == 4)
    #expect(events?.last == .completed)
  }

  @Test func flatMapLatestOfRepeatElement() {
    #expect(
      firstThree { Observable.of(1).flatMapLatest { _ in Observable.repeatElement(7) }.take(3) }
        == [.next(7), .next(7), .next(7), .completed])
  }

  @Test func elementAtOfAFlatMappedEndlessSequence() {
    #expect(
      firstThree { Observable.of(1).flatMap { _ in Observable.from(1...) }.element(at: 2) }
        == [.next(3), .completed])
  }

  @Test func concatMapOfAHugeRangeStopsEarly() {
    let emitted = Shared(0)
    let events = firstThree {
      Observable.from([1, 2])
        .concatMap { _ in
          Observable.range(start: 0, count: 2_000_000_000).do(onNext: { _ in
            emitted.mutate { $0 += 1 }
          })
        }
        .take(3)
    }
    #expect(events == [.next(0), .next(1), .next(2), .completed])
    #expect(emitted.value == 3)
  }

  @Test func generateInsideFlatMap() {
    #expect(
      firstThree {
        Observable.of(1).flatMap { _ in
          Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 })
        }.take(3)
      } == [.next(0), .next(1), .next(2), .completed])
  }

  @Test func justFlatMapOfAnEndlessSequence() {
    #expect(
      firstThree { Observable.just(1).flatMap { _ in Observable.from(1...) }.take(3) }
        == [.next(1), .next(2), .next(3), .completed])
  }
}
