import ReactiveCore
import ReactiveTesting
import Testing

/// The examples of Docs/Testing.md and of the doc comments, checked.
@Suite struct DocsExamplesTests {
  @Test func searchIsDebounced() {
    let scheduler = TestScheduler(initialClock: 0)
    let query = scheduler.createHotObservable([
      .next(150, "r"), .next(210, "re"), .next(220, "rea"), .next(300, "react"), .completed(400),
    ])
    let res = scheduler.start { query.debounce(.seconds(30), scheduler: scheduler) }
    #expect(res.events == [.next(250, "rea"), .next(330, "react"), .completed(400)])
    #expect(query.subscriptions == [Subscription(200, 400)])
  }

  @Test func schedulerOverview() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    #expect(res.events == [.next(210, 20), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func marbleExamples() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-^-b-c-|")
    let res = scheduler.start { xs.map { $0.uppercased() } }
    #expect(res.events == [.next(220, "B"), .next(240, "C"), .completed(260)])
    #expect(res.events == (try Marbles.events("^-B-C-|")))
    #expect(xs.subscriptions == [try Marbles.subscription("^-----!")])
    #expect(xs.subscriptions == [Subscription(200, 260)])

    #expect(
      try Marbles.events("^-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
        == [.next(220, 1), .next(240, 2), .next(240, 3), .completed(260)])
    #expect(try Marbles.events("^-a-b|") == [.next(220, "a"), .next(240, "b"), .completed(250)])
    #expect(
      try scheduler.createHotObservable("-a-^-b-|", values: ["a": 1, "b": 2]).recordedEvents
        == [.next(180, 1), .next(220, 2), .completed(240)])
    #expect(
      try Marbles.events("^-a-#", values: ["a": 1], error: TestFailure(id: 2))
        == [.next(220, 1), .error(240, TestFailure(id: 2))])
  }

  @Test func intervalExample() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(created: 100, subscribed: 200, disposed: 1000) {
      Observable<Int>.interval(.seconds(100), scheduler: scheduler)
    }
    #expect(res.events.map(\.time) == [300, 400, 500, 600, 700, 800, 900])
  }

  @Test func timerExample() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start(disposed: 231) {
      Observable<Int>.timer(.seconds(10), period: .seconds(5), scheduler: scheduler)
    }
    #expect(
      res.events == [.next(210, 0), .next(215, 1), .next(220, 2), .next(225, 3), .next(230, 4)])
  }

  @Test func throttleDocExample() throws {
    for (latest, expected) in [(true, "^-a--c---d--(e|)"), (false, "^-a------d--|")] {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-abc----d-e|")
      let res = scheduler.start { xs.throttle(.seconds(30), latest: latest, scheduler: scheduler) }
      #expect(res.events == (try Marbles.events(expected)), "latest: \(latest)")
    }
  }

  @Test func bufferDocExample() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("^-a-bc------d|")
    let res = scheduler.start { xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler) }
    #expect(
      res.events == [
        .next(230, ["a"]), .next(250, ["b", "c"]), .next(280, []), .next(310, []),
        .next(330, ["d"]), .completed(330),
      ])
  }
}
