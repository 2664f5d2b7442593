import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

/// `observe(on:)` on a `MainScheduler`, which delivers an element at once when the scheduler
/// would run the drain at once, and the scheduler's "at once" rule (`runIfImmediate`) that this
/// relies on. Each test has main schedulers of its own: `MainScheduler.instance` is shared with
/// tests running in parallel.
@Suite struct ObserveOnMainSchedulerTests {
  @Test @MainActor func runIfImmediateRunsOnlyOnTheMainQueueWithNothingOfItsOwnPending() async {
    let scheduler = MainScheduler()
    var nestedRan: Bool?
    let ran = scheduler.runIfImmediate { () -> Int in
      nestedRan = scheduler.runIfImmediate { 2 } != nil  // its own action is running
      return 1
    }
    #expect(ran == 1)
    #expect(nestedRan == false)

    let fromAnotherThread = Shared<Int?>(0)
    let done = Semaphore()
    startThread {
      fromAnotherThread.value = scheduler.runIfImmediate { 3 }
      done.fire()
    }
    #expect(done.wait())
    #expect(fromAnotherThread.value == nil)

    // Work scheduled from another thread is pending until the main queue runs it, which cannot
    // happen before this test suspends.
    let queuedRan = Shared(false)
    let queued = Semaphore()
    startThread {
      _ = scheduler.schedule { queuedRan.value = true }
      queued.fire()
    }
    #expect(queued.wait())
    #expect(scheduler.runIfImmediate { 4 } == nil)
    #expect(!queuedRan.value)
    #expect(await eventually { scheduler.numberEnqueued.load(ordering: .acquiring) == 0 })
    #expect(queuedRan.value)
    #expect(scheduler.runIfImmediate { 5 } == 5)
  }

  /// "On the main thread" means "on the main queue": the main thread inside a `sync` onto another
  /// queue is not on it, and a queue that targets the main queue is.
  @Test @MainActor func theMainQueueCheckFollowsTheQueueNotTheThread() async {
    #expect(MainScheduler.isMainThread)
    let scheduler = MainScheduler()
    let insideSync = DispatchQueue(label: "test.mainCheck.sync").sync {
      (MainScheduler.isMainThread, scheduler.runIfImmediate { true })
    }
    #expect(!insideSync.0)
    #expect(insideSync.1 == nil)
    let onTargetingQueue = Shared<Bool?>(nil)
    DispatchQueue(label: "test.mainCheck.target", target: .main).async {
      onTargetingQueue.value = MainScheduler.isMainThread
    }
    #expect(await eventually { onTargetingQueue.value != nil })
    #expect(onTargetingQueue.value == true)
    let onGlobalQueue = Shared<Bool?>(nil)
    DispatchQueue.global().async { onGlobalQueue.value = MainScheduler.isMainThread }
    #expect(await eventually { onGlobalQueue.value != nil })
    #expect(onGlobalQueue.value == false)
  }

  /// Elements sent alternately (in a seeded order) from the main thread and from another thread,
  /// one after the other: all arrive, in order, on the main thread, never two at once; a
  /// main-thread element arrives before `accept` returns exactly when everything sent earlier has
  /// already arrived, and otherwise waits behind it.
  @Test @MainActor func mainThreadAndOtherThreadElementsKeepOrderAndArriveAtOnceWhenIdle() async {
    let worker = Worker()
    defer { worker.stop() }
    var totalAtOnce = 0
    for round in 0..<12 {
      var generator = adversarialGenerator(round: round, thread: 0)
      let count = 300
      let relay = PublishRelay<Int>()
      let received = Shared<[Int]>([])
      var offMain = 0
      var inside = false
      var overlaps = 0
      let subscription = relay.observe(on: MainScheduler()).subscribe(onNext: { value in
        if inside { overlaps += 1 }
        inside = true
        if !MainScheduler.isMainThread { offMain += 1 }
        received.mutate { $0.append(value) }
        inside = false
      })
      var atOnce = 0
      for value in 0..<count {
        if generator.oneIn(3) {
          #expect(worker.run { relay.accept(value) }, "\(seedNote(round))")
        } else {
          let idle = received.read(\.count) == value
          relay.accept(value)
          if idle {
            atOnce += 1
            #expect(received.read(\.last) == value, "not at once: \(value), \(seedNote(round))")
          } else {
            #expect(received.read(\.last) != value, "overtook: \(value), \(seedNote(round))")
          }
        }
        // Suspending lets the main queue run what is queued: one drain per turn, so a yield
        // leaves a backlog and waiting for every element sent so far leaves the sink idle.
        if generator.oneIn(4) {
          await Task.yield()
        } else if generator.oneIn(4) {
          let sent = value + 1
          #expect(await eventually { received.read(\.count) == sent }, "\(seedNote(round))")
        }
      }
      #expect(await eventually { received.read(\.count) == count }, "\(seedNote(round))")
      #expect(received.value == Array(0..<count), "\(seedNote(round))")
      #expect(offMain == 0, "\(seedNote(round))")
      #expect(overlaps == 0, "\(seedNote(round))")
      totalAtOnce += atOnce
      subscription.dispose()
    }
    #expect(totalAtOnce > 0, "\(seedNote())")
  }

  /// The dispose barrier holds for an element delivered at once: a `dispose()` from another
  /// thread returns only after that delivery has finished.
  @Test @MainActor func disposeFromAnotherThreadWaitsForAnElementDeliveredAtOnce() async {
    let relay = PublishRelay<Int>()
    let blocking = BlockingCallback()
    let subscription = relay.observe(on: MainScheduler()).subscribe(
      AnyObserver<Int> { event in
        if case .next = event { blocking.run() }
      })
    let cancelable = UncheckedBox(subscription)
    let observation = Shared<BlockingCallback.Observation?>(nil)
    startThread {
      observation.value = blocking.disposeWhileRunning(
        start: {},  // the element is sent from the main thread below
        dispose: { cancelable.value.dispose() },
        isClosed: { (cancelable.value as? Cancelable)?.isDisposed == true })
    }
    relay.accept(1)  // delivered at once; blocks until the other thread released it
    #expect(await eventually { observation.value != nil })
    let seen = observation.value
    #expect(seen != nil)
    seen?.expectTheBarrierHeld()
  }

  @Test @MainActor func driveToSeveralBindersBindsEachElementInEach() {
    let first = Label()
    let second = Label()
    let relay = BehaviorRelay(value: "a")
    let subscription = relay.asDriver().drive(
      Binder(first) { $0.text = $1 }, Binder(second) { $0.text = $1 })
    relay.accept("b")
    #expect(first.history == ["a", "b"])
    #expect(second.history == ["a", "b"])
    subscription.dispose()
    relay.accept("c")
    #expect(first.history == ["a", "b"])
  }

  @Test func aBinderOnAnotherSchedulerBindsThere() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.binder.scheduler")
    let target = Label()
    let bound = Shared<[String]>([])
    let queueKey = DispatchSpecificKey<Int>()
    scheduler.queue.setSpecific(key: queueKey, value: 1)
    let binder = Binder(target, scheduler: scheduler) { _, text in
      let onQueue = DispatchQueue.getSpecific(key: queueKey) == 1
      bound.mutate { $0.append(onQueue ? text : "elsewhere") }
    }
    binder.onNext("a")
    binder.onNext("b")
    flush(scheduler.queue)
    #expect(bound.value == ["a", "b"])
  }
}

/// A thread that runs one job at a time for the test and returns once it has finished.
final class Worker: @unchecked Sendable {  // `job` is handed over through the semaphores
  private let requests = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private var job: (@Sendable () -> Void)?

  init() {
    startThread { [self] in
      while true {
        requests.wait()
        guard let job else { return }
        job()
        done.signal()
      }
    }
  }

  /// Runs `job` on the worker thread; `true` once it has returned.
  func run(_ job: @escaping @Sendable () -> Void) -> Bool {
    self.job = job
    requests.signal()
    return wait(for: done)
  }

  /// Ends the thread.
  func stop() {
    job = nil
    requests.signal()
  }
}
