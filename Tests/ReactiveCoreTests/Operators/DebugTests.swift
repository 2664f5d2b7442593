import ReactiveEngine
import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct DebugTests {
  /// The lines written by `debug`, without their timestamps (checked separately).
  final class Lines: @unchecked Sendable {  // `lines` has its own lock
    let lines = Locked<[String]>([])
    func write(_ line: String) { lines.withLock { $0.append(line) } }
    var contents: [String] {
      lines.withLock { $0 }.map { line in
        String(line.dropFirst("2026-01-01 00:00:00.000: ".count).dropLast())
      }
    }
  }

  @Test func logsSubscriptionEventsAndDisposalOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let output = Lines()
      let res = scheduler.start { xs.debug("xs", trimOutput: false, write: output.write) }
      #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
      #expect(
        output.contents == [
          "xs -> subscribed", "xs -> Event next(1)", "xs -> Event next(2)",
          "xs -> Event completed", "xs -> isDisposed",
        ])
    }
  }

  @Test func disposalAndErrorsAreLogged() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(300, TestError(id: 2))])
      let output = Lines()
      let res = scheduler.start(disposed: 250) {
        xs.debug("d", trimOutput: false, write: output.write)
      }
      #expect(res.events == [.next(210, 1)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
      #expect(output.contents == ["d -> subscribed", "d -> Event next(1)", "d -> isDisposed"])

      let failing = Lines()
      _ = Observable<Int>.error(TestError(id: 2))
        .debug("e", trimOutput: false, write: failing.write).subscribe()
      #expect(
        failing.contents == [
          "e -> subscribed", "e -> Event error(TestError(2))", "e -> isDisposed",
        ])
    }
  }

  @Test func trimOutputKeepsTheFirstAndLastTwentyCharacters() {
    expectNoLeaks {
      let output = Lines()
      let long = String(repeating: "a", count: 30) + String(repeating: "z", count: 30)
      _ = Observable.just(long).debug("t", trimOutput: true, write: output.write).subscribe()
      #expect(output.contents[1] == "t -> Event next(aaaaaaaaaaaaaaa...zzzzzzzzzzzzzzzzzzz)")
      #expect(output.contents[2] == "t -> Event completed")
    }
  }

  @Test func linesStartWithALocalTimestamp() {
    let stamp = debugTimestamp()
    let shape = stamp.map { $0.isNumber ? "9" : String($0) }.joined()
    #expect(shape == "9999-99-99 99:99:99.999")
  }

  @Test func defaultIdentifierNamesTheCall() {
    #expect(
      debugIdentifier(nil, file: "ReactiveCoreTests/DebugTests.swift", line: 7, function: "f()")
        == "DebugTests.swift:7 (f())")
    #expect(debugIdentifier("id", file: "x", line: 1, function: "f()") == "id")
  }

  @Test func publicFormsOnObservablesAndTraitsForwardEverything() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).debug("public").subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .completed])
      var single: Result<Int, any Error>?
      _ = Single.just(3).debug().subscribe { single = $0 }
      #expect((try? single?.get()) == 3)
      var completed = false
      _ = Completable.empty().debug().subscribe(onCompleted: { completed = true })
      #expect(completed)
      let maybe = Recorder<Int>()
      _ = Maybe<Int>.empty().debug().asObservable().subscribe(maybe)
      #expect(maybe.events == [.completed])
      let infallible = Recorder<Int>()
      _ = Infallible.just(4).debug("i", trimOutput: true).subscribe(infallible)
      #expect(infallible.events == [.next(4), .completed])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.debug("contract", trimOutput: false, write: { _ in }) }
  }
}
