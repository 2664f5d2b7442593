import ReactiveTesting
import Testing

@testable import ReactiveCore

@Suite struct DebounceTests {
  @Test func emitsAfterSilence() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(215, 2), .next(240, 3), .next(250, 4), .completed(300),
      ])
      let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.next(235, 2), .next(270, 4), .completed(300)])
      #expect(xs.subscriptions == [Subscription(200, 300)])
    }
  }

  @Test func completionFlushesThePendingElement() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.next(220, 1), .completed(220)])
    }
  }

  @Test func errorDropsThePendingElement() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 1))])
      let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
      #expect(res.events == [.error(220, TestError(id: 1))])
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func disposalMidWindowEmitsNothing() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start(disposed: 220) { xs.debounce(.seconds(20), scheduler: scheduler) }
      #expect(res.events.isEmpty)
      #expect(xs.subscriptions == [Subscription(200, 220)])
    }
  }

  @Test func marbles() throws {
    try expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = try scheduler.createHotObservable("^-a-b----c-d-|")
      let res = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
      #expect(res.events == (try Marbles.events("^------b-----(d|)")))
    }
  }

  @Test func stateMachine() {
    let now = RxTime(timeIntervalSince1970: 0)
    var machine = DebounceStateMachine<Int>(dueTime: .seconds(3))
    guard case .startTimer(after: .seconds(3)) = machine.next(1, now: now) else {
      return #expect(Bool(false))
    }
    guard case .startTimer = machine.next(2, now: now) else { return #expect(Bool(false)) }
    guard case .emit(2) = machine.timerFired(now: now) else { return #expect(Bool(false)) }
    guard case .none = machine.timerFired(now: now) else { return #expect(Bool(false)) }
    guard case .complete(flushing: nil) = machine.completed(now: now) else {
      return #expect(Bool(false))
    }
  }

  /// A timer replaced after its firing was submitted (cancelled too late) must not reach the
  /// machine: the sink drops a firing of an older generation.
  @Test func sinkIgnoresStaleTimerFirings() {
    let scheduler = TestScheduler(initialClock: 0)
    let recorder = Recorder<Int>()
    let sink = TimedSink(
      downstream: AnyObserver(recorder),
      rule: TimedRule(
        machine: DebounceStateMachine<Int>(dueTime: .seconds(10)), scheduler: scheduler))
    // The generation is drainer-owned: read with the role, taken on the idle sink.
    func generation() -> UInt64 {
      sink.drainer.withIdleRole(for: sink) { sink.timerGeneration.get($0) }
    }
    sink.drainer.submit(.event(.next(1)), to: sink)
    let first = generation()
    sink.drainer.submit(.event(.next(2)), to: sink)
    sink.drainer.submit(.timer(first), to: sink)
    #expect(recorder.events == [])
    sink.drainer.submit(.timer(generation()), to: sink)
    #expect(recorder.events == [.next(2)])
    sink.dispose()
  }

  @Test func realSchedulerFlushesOnCompletion() async {
    let subject = PublishSubject<Int>()
    let scheduler = DispatchTestScheduler()
    let recorder = Recorder<Int>()
    let subscription = subject.debounce(.seconds(30), scheduler: scheduler).subscribe(recorder)
    for i in 1...100 { subject.onNext(i) }
    subject.onCompleted()
    #expect(recorder.events == [.next(100), .completed])
    subscription.dispose()
  }

  @Test func contracts() {
    checkOperatorContract { $0.debounce(.seconds(1), scheduler: TestScheduler(initialClock: 0)) }
    checkVirtualTimeContract { $0.debounce(.seconds(15), scheduler: $1) }
  }
}
