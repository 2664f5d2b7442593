import ReactiveTesting
import Testing

@testable import ReactiveCore

/// `buffer(timeSpan:count:scheduler:)` and `sample(_:defaultValue:)`.
@Suite struct BufferSampleTests {
  @Test func bufferEmitsOnCountOrTimeSpanIncludingEmptyWindows() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(230, 2), .next(240, 3), .next(300, 4), .completed(310),
      ])
      let res = scheduler.start {
        xs.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
      }
      #expect(
        res.events == [
          .next(230, [1, 2]), .next(260, [3]), .next(290, []), .next(310, [4]), .completed(310),
        ])
      #expect(xs.subscriptions == [Subscription(200, 310)])
    }
  }

  @Test func bufferErrorDropsTheBuffer() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 6))])
      let res = scheduler.start {
        xs.buffer(timeSpan: .seconds(30), count: 5, scheduler: scheduler)
      }
      #expect(res.events == [.error(220, TestError(id: 6))])
    }
  }

  @Test func bufferDisposalMidWindow() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
      let res = scheduler.start(disposed: 250) {
        xs.buffer(timeSpan: .seconds(30), count: 5, scheduler: scheduler)
      }
      #expect(res.events == [.next(230, [1])])
      #expect(xs.subscriptions == [Subscription(200, 250)])
    }
  }

  @Test func bufferMarbles() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-bc------d|")
      let res = scheduler.start {
        xs.buffer(timeSpan: .seconds(35), count: 2, scheduler: scheduler)
      }
      #expect(
        res.events == [
          // a at 220, b at 240, c at 250, d at 320, | at 330; windows of 35 from 200:
          .next(235, ["a"]), .next(250, ["b", "c"]), .next(285, []), .next(320, ["d"]),
          .next(330, []), .completed(330),
        ])
    }
  }

  @Test func sampleEmitsTheLatestNewElementPerTick() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-b-c----d-|")
      let ticks = try scheduler.createHotObservable("^--x---x-x----x")
      let res = scheduler.start { xs.sample(ticks) }
      #expect(res.events == (try Marbles.events("^--a---c------(d|)")))
      // The source is released when it completes (330), as in RxSwift; the sampler at the end.
      #expect(xs.subscriptions == [Subscription(200, 330)])
      #expect(ticks.subscriptions == [Subscription(200, 340)])
    }
  }

  @Test func sampleWithDefaultValue() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let ticks = scheduler.createHotObservable([
        .next(220, ()), .next(230, ()), .next(310, ()),
      ])
      let res = scheduler.start { xs.sample(ticks, defaultValue: 0) }
      #expect(res.events == [.next(220, 1), .next(230, 0), .next(310, 0), .completed(310)])
    }
  }

  @Test func samplerCompletionSamplesOnce() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])
      let ticks = scheduler.createHotObservable([.completed(220)] as [Recorded<Event<Int>>])
      let res = scheduler.start { xs.sample(ticks) }
      #expect(res.events == [.next(220, 1)])
    }
  }

  /// A source that completes after the sampler did ends the result silently (as in RxSwift: only
  /// a sample completes it, and none comes any more). The sink and the subscriber hold each other,
  /// so the sink must let go of the subscriber, or a subscription dropped without `dispose()`
  /// leaks with both sources' subscriptions.
  @Test func sampleFreesASubscriptionThatEndedSilently() {
    let source = PublishSubject<Int>()
    let sampler = PublishSubject<Int>()
    let (events, live) = Resources.tracking { () -> [Int] in
      var events: [Int] = []
      _ = source.sample(sampler).subscribe(
        onNext: { events.append($0) }, onError: { _ in events.append(-1) },
        onCompleted: { events.append(-2) })
      source.onNext(1)
      sampler.onCompleted()
      source.onNext(2)
      source.onCompleted()
      return events
    }
    #expect(events == [1], "the sampler's completion samples once; nothing ends the result")
    #expect(live == 0)
    #expect(!source.hasObservers && !sampler.hasObservers)
  }

  @Test func sampleErrorsFromEitherSide() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let ticks = scheduler.createHotObservable(
        [
          .error(220, TestError(id: 8))
        ] as [Recorded<Event<Int>>])
      let res = scheduler.start { xs.sample(ticks) }
      #expect(res.events == [.error(220, TestError(id: 8))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func stateMachines() {
    let now = RxTime(timeIntervalSince1970: 0)
    var buffer = BufferStateMachine<Int>(timeSpan: .seconds(5), count: 2)
    guard case .startTimer(after: .seconds(5)) = buffer.started() else {
      return #expect(Bool(false))
    }
    guard case .none = buffer.next(1, now: now) else { return #expect(Bool(false)) }
    guard case .emit([1, 2]) = buffer.next(2, now: now) else { return #expect(Bool(false)) }
    guard case .startTimer(after: .seconds(5)) = buffer.emitted(now: now) else {
      return #expect(Bool(false))
    }
    guard case .emit([]) = buffer.timerFired(now: now) else { return #expect(Bool(false)) }
    var sample = SampleStateMachine<Int>(defaultValue: nil)
    guard case .none = sample.sample() else { return #expect(Bool(false)) }
    sample.sourceNext(3)
    guard case .emit(3, complete: false) = sample.sample() else { return #expect(Bool(false)) }
    sample.sourceCompleted()
    guard case .emit(nil, complete: true) = sample.sample() else { return #expect(Bool(false)) }
  }

  @Test func contracts() {
    checkOperatorContract {
      $0.buffer(timeSpan: .seconds(1), count: 2, scheduler: TestScheduler(initialClock: 0))
    }
    checkOperatorContract { $0.sample($0) }
    checkVirtualTimeContract { $0.buffer(timeSpan: .seconds(15), count: 2, scheduler: $1) }
    checkVirtualTimeContract { source, scheduler in
      source.sample(Observable<Int>.interval(.seconds(7), scheduler: scheduler))
    }
  }
}
