import ReactiveCore
import ReactiveTesting
import Testing

struct TestFailure: Error, Equatable {
  var id = 0
}

@Suite struct TestSchedulerTests {
  @Test func runsWorkInTimeOrderAndTiesInInsertionOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    scheduler.scheduleAt(30) { log.append("c@\(scheduler.clock)") }
    scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
    scheduler.scheduleAt(20) { log.append("b1@\(scheduler.clock)") }
    scheduler.scheduleAt(20) { log.append("b2@\(scheduler.clock)") }
    scheduler.scheduleAt(20) { log.append("b3@\(scheduler.clock)") }
    scheduler.start()
    #expect(log == ["a@10", "b1@20", "b2@20", "b3@20", "c@30"])
    #expect(scheduler.clock == 30)
  }

  @Test func manyItemsComeOutSorted() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    let times = (0..<200).map { ($0 * 7919) % 101 }
    for (index, time) in times.enumerated() {
      scheduler.scheduleAt(time) { log.append(time * 1000 + index) }
    }
    scheduler.start()
    let expected = times.enumerated().map { $0.element * 1000 + $0.offset }.sorted()
    #expect(log == expected)
  }

  @Test func actionsMayScheduleMoreWork() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    scheduler.scheduleAt(10) {
      log.append(scheduler.clock)
      scheduler.scheduleAt(15) { log.append(scheduler.clock) }
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        log.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    #expect(log == [10, 15, 30])
  }

  @Test func processingDelayMovesNowWorkToNextTick() {
    let scheduler = TestScheduler(initialClock: 100)
    var log: [Int] = []
    _ = scheduler.schedule(()) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.scheduleAt(150) {
      _ = scheduler.scheduleRelative((), dueTime: .seconds(0)) { _ in
        log.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    #expect(log == [101, 151])
  }

  @Test func withoutProcessingDelayNowWorkRunsAtClock() {
    let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
    var log: [Int] = []
    _ = scheduler.schedule(()) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    #expect(log == [100])
  }

  @Test func ticksRoundToResolution() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.01)
    #expect(scheduler.ticks(.milliseconds(100)) == 10)
    #expect(scheduler.ticks(.milliseconds(104)) == 10)
    #expect(scheduler.ticks(.milliseconds(105)) == 11)
    #expect(scheduler.ticks(.seconds(2)) == 200)
    #expect(scheduler.ticks(.never) == nil)
    var log: [Int] = []
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    #expect(log == [25])
  }

  @Test func nowFollowsTheClock() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.5)
    scheduler.advanceTo(40)
    #expect(scheduler.now.timeIntervalSince1970 == 20)
  }

  @Test func disposedWorkDoesNotRun() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    let work = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      log.append(1)
      return Disposables.create()
    }
    scheduler.scheduleAt(5) { work.dispose() }
    scheduler.start()
    #expect(log.isEmpty)
  }

  @Test func disposingRanWorkDisposesWhatItReturned() {
    let scheduler = TestScheduler(initialClock: 0)
    var disposed = false
    let work = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      Disposables.create { disposed = true }
    }
    scheduler.start()
    #expect(!disposed)
    work.dispose()
    #expect(disposed)
  }

  @Test func advanceToRunsDueWorkAndSetsClock() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    for time in [10, 20, 30] { scheduler.scheduleAt(time) { log.append(time) } }
    scheduler.advanceTo(20)
    #expect(log == [10, 20])
    #expect(scheduler.clock == 20)
    scheduler.advanceTo(25)
    #expect(log == [10, 20])
    #expect(scheduler.clock == 25)
    scheduler.advanceTo(100)
    #expect(log == [10, 20, 30])
    #expect(scheduler.clock == 100)
  }

  @Test func sleepMovesClockWithoutRunning() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    scheduler.scheduleAt(10) { log.append(scheduler.clock) }
    scheduler.sleep(50)
    #expect(scheduler.clock == 50)
    #expect(log.isEmpty)
    scheduler.start()
    #expect(log == [50])  // late work runs at the current clock
  }

  @Test func stopHaltsStart() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    scheduler.scheduleAt(10) { log.append(10) }
    scheduler.scheduleAt(20) {
      log.append(20)
      scheduler.stop()
    }
    scheduler.scheduleAt(30) { log.append(30) }
    scheduler.start()
    #expect(log == [10, 20])
    scheduler.start()
    #expect(log == [10, 20, 30])
  }

  @Test func periodicRunsEveryPeriodWithState() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) {
      state in
      log.append("\(state)@\(scheduler.clock)")
      return state + 1
    }
    scheduler.scheduleAt(40) { periodic.dispose() }
    scheduler.start()
    #expect(log == ["0@5", "1@15", "2@25", "3@35"])
  }

  @Test func startUsesDefaultTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    var created = -1
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(1000, 4), .next(1010, 5),
    ])
    let res = scheduler.start { () -> TestableObservable<Int> in
      created = scheduler.clock
      return xs
    }
    #expect(created == 100)
    // The hot event at 1000 was scheduled before the disposal at 1000, so it runs first (as RxTest).
    #expect(res.events == [.next(210, 2), .next(220, 3), .next(1000, 4)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }

  @Test func startWithCustomTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(310, 1), .next(410, 2), .next(510, 3)])
    let res = scheduler.start(created: 250, subscribed: 300, disposed: 450) { xs }
    #expect(res.events == [.next(310, 1), .next(410, 2)])
    #expect(xs.subscriptions == [Subscription(300, 450)])
    let res2 = TestScheduler(initialClock: 0).start(disposed: 400) {
      Observable<Int>.never()
    }
    #expect(res2.events.isEmpty)
  }

  @Test func justOnSchedulerEmitsAfterProcessingDelay() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Observable<Int>.create { observer in
        scheduler.schedule(()) { _ in
          observer.onNext(42)
          observer.onCompleted()
          return Disposables.create()
        }
      }
    }
    #expect(res.events == [.next(201, 42), .completed(201)])
  }

  @Test func hotObservableSharesAbsoluteTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, "a"), .next(300, "b"), .completed(400)])
    let early = scheduler.createObserver(String.self)
    let late = scheduler.createObserver(String.self)
    var lateSubscription: Disposable?
    scheduler.scheduleAt(200) { _ = xs.subscribe(early) }
    scheduler.scheduleAt(250) { lateSubscription = xs.subscribe(late) }
    scheduler.scheduleAt(350) { lateSubscription?.dispose() }
    scheduler.start()
    #expect(early.events == [.next(210, "a"), .next(300, "b"), .completed(400)])
    #expect(late.events == [.next(300, "b")])
    #expect(xs.subscriptions == [Subscription(200), Subscription(250, 350)])
  }

  @Test func coldObservableIsRelativeToEachSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(0, "a"), .next(10, "b"), .completed(20)])
    let first = scheduler.createObserver(String.self)
    let second = scheduler.createObserver(String.self)
    scheduler.scheduleAt(200) { _ = xs.subscribe(first) }
    scheduler.scheduleAt(300) {
      let subscription = xs.subscribe(second)
      scheduler.scheduleAt(305) { subscription.dispose() }
    }
    scheduler.start()
    #expect(first.events == [.next(200, "a"), .next(210, "b"), .completed(220)])
    #expect(second.events == [.next(300, "a")])
    #expect(xs.subscriptions == [Subscription(200), Subscription(300, 305)])
    #expect(xs.recordedEvents == [.next(0, "a"), .next(10, "b"), .completed(20)])
  }

  @Test func hotObservableLivesWhileItHasQueuedEvents() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) {
      _ = scheduler.createHotObservable([.next(210, 1), .completed(220)]).subscribe(observer)
    }
    scheduler.start()
    #expect(observer.events == [.next(210, 1), .completed(220)])
  }

  @Test func operatorDisposesColdSourceOnCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
    let res = scheduler.start { xs.map { $0.uppercased() } }
    #expect(res.events == [.next(210, "A"), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func coldObservableErrorsAreRecorded() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([
      .next(10, 1), .error(20, TestFailure(id: 3)),
    ])
    let res = scheduler.start { xs.map { $0 + 1 } }
    #expect(res.events == [.next(210, 2), .error(220, TestFailure(id: 3))])
    #expect(res.events != [.next(210, 2), .error(220, TestFailure(id: 4))])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test func recordedHelpersAgree() {
    let a: [Recorded<Event<Int>>] = Recorded.events(
      .next(1, 1), .completed(2), .error(3, TestFailure()))
    let b: [Recorded<Event<Int>>] = [
      Recorded(time: 1, value: .next(1)), Recorded(time: 2, value: .completed),
      Recorded(time: 3, value: .error(TestFailure())),
    ]
    let c: [Recorded<Event<Int>>] = [
      next(1, 1), completed(2), error(3, TestFailure()),
    ]
    #expect(a == b)
    #expect(b == c)
    #expect(Subscription(5) == Subscription(5, .max))
    #expect(Subscription(5, 6).debugDescription == "(5: 6)")
  }
}
