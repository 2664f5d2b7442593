import ReactiveCore
import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct WindowTests {
  /// Subscribes to every window as it is emitted and records its events with its opening time.
  final class WindowRecorder: @unchecked Sendable {  // used on the test scheduler's thread only
    let scheduler: TestScheduler
    var windows: [(opened: TestTime, observer: TestableObserver<String>)] = []
    var windowSubscriptions: [Disposable] = []
    var outer: [Recorded<Event<Int>>] = []
    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    var observer: AnyObserver<Observable<String>> {
      AnyObserver { event in
        let now = self.scheduler.clock
        switch event {
        case .next(let window):
          let observer = self.scheduler.createObserver(String.self)
          self.windows.append((now, observer))
          self.windowSubscriptions.append(window.subscribe(observer))
          self.outer.append(.next(now, self.windows.count - 1))
        case .completed: self.outer.append(.completed(now))
        case .error(let error): self.outer.append(.error(now, error))
        }
      }
    }

    var openings: [TestTime] { windows.map(\.opened) }
    func events(_ index: Int) -> [Recorded<Event<String>>] { windows[index].observer.events }
  }

  /// Subscribes at 200 and disposes the outer subscription at `disposed`.
  static func run(
    _ xs: TestableObservable<String>, scheduler: TestScheduler, disposed: TestTime = 1000
  ) -> WindowRecorder {
    let recorder = WindowRecorder(scheduler: scheduler)
    var subscription: Disposable?
    scheduler.scheduleAt(200) {
      subscription = xs.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
        .subscribe(recorder.observer)
    }
    scheduler.scheduleAt(disposed) { subscription?.dispose() }
    scheduler.start()
    return recorder
  }

  @Test func opensWindowsOnTimeSpanOrCount() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-bc-----|")
      let recorder = Self.run(xs, scheduler: scheduler)
      #expect(recorder.openings == [200, 230, 250, 280])
      #expect(recorder.events(0) == [.next(220, "a"), .completed(230)])
      #expect(recorder.events(1) == [.next(240, "b"), .next(250, "c"), .completed(250)])
      #expect(recorder.events(2) == [.completed(280)])
      #expect(recorder.events(3) == [.completed(310)])
      #expect(recorder.outer.last?.time == 310)
      #expect(recorder.outer.last?.value.isCompleted == true)
      #expect(xs.subscriptions == [Subscription(200, 310)])
    }
  }

  @Test func errorEndsTheWindowAndTheResult() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-#", error: TestError(id: 4))
      let recorder = Self.run(xs, scheduler: scheduler)
      #expect(recorder.openings == [200, 230])
      #expect(recorder.events(1) == [.error(240, TestError(id: 4))])
      #expect(xs.subscriptions == [Subscription(200, 240)])
    }
  }

  @Test func subscribedWindowKeepsTheSourceAfterOuterDisposal() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a---b--c--")
      let recorder = WindowRecorder(scheduler: scheduler)
      var subscription: Disposable?
      scheduler.scheduleAt(200) {
        subscription = xs.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
          .subscribe(recorder.observer)
      }
      scheduler.scheduleAt(235) { subscription?.dispose() }
      scheduler.advanceTo(400)
      // Windows opened at 200 and 230; after the outer disposal at 235 no window is emitted, but
      // the subscribed window still receives b (the hot event at 260 runs before the timer).
      #expect(recorder.openings == [200, 230])
      #expect(recorder.events(1) == [.next(260, "b"), .completed(260)])
      #expect(xs.subscriptions == [Subscription(200)])
      for windowSubscription in recorder.windowSubscriptions { windowSubscription.dispose() }
      #expect(xs.subscriptions == [Subscription(200, 400)])
      scheduler.start()
    }
  }

  @Test func disposalWithoutWindowSubscribersDisposesTheSource() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a---b--c-|")
      let res = scheduler.start(disposed: 245) {
        xs.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler)
      }
      #expect(res.events.map(\.time) == [200, 230])
      #expect(xs.subscriptions == [Subscription(200, 245)])
    }
  }

  @Test func stateMachine() {
    var machine = WindowStateMachine(count: 2)
    var steps = [machine.next(), machine.next(), machine.next()]
    machine.timerFired()
    steps += [machine.next(), machine.next()]
    #expect(steps == [false, true, false, false, true])
  }

  @Test func contracts() {
    checkOperatorContract {
      $0.window(timeSpan: .seconds(1), count: 2, scheduler: TestScheduler(initialClock: 0))
    }
    // The recorder would keep the windows (and the group they share) alive: record their index.
    checkVirtualTimeContract { source, scheduler in
      source.window(timeSpan: .seconds(15), count: 2, scheduler: scheduler).map { _ in 0 }
    }
  }
}
