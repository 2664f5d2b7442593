import Dispatch
import Testing

@testable import ReactiveCore

/// Stands in for a UILabel: remembers every text it was given.
final class Label {
  var history: [String] = []
  var text = "" { didSet { history.append(text) } }
}

/// Work queued for the main queue around a test's synchronous part: a plain main-queue block,
/// deferred work on `MainScheduler.instance` and on a main scheduler of its own. None of it can
/// run before the test suspends, so whatever the test checks synchronously happens while it is
/// all still queued.
struct MainQueueNoise {
  let ran = Shared<[String]>([])

  /// Queues the work; `onInstance` also queues work on `MainScheduler.instance`.
  @MainActor
  init(onInstance: Bool = true) {
    let ran = ran
    DispatchQueue.main.async { ran.mutate { $0.append("queue") } }
    let own = MainScheduler()
    _ = own.schedule {
      _ = own.schedule { ran.mutate { $0.append("own") } }  // nested: deferred
    }
    if onInstance {
      _ = MainScheduler.instance.schedule {
        _ = MainScheduler.instance.schedule { ran.mutate { $0.append("instance") } }
      }
    }
  }

  /// Waits (suspending, so the main queue runs) until all the queued work has run.
  func drained(count: Int) async -> Bool {
    let ran = ran
    return await eventually { ran.read(\.count) == count }
  }
}

/// Waits until nothing is queued on `MainScheduler.instance` (other tests may have work there),
/// checking on the main actor so the caller goes on, without suspending, from an idle instance.
@MainActor
func mainSchedulerInstanceIdle() async {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: localDeadline)
  while MainScheduler.instance.numberEnqueued.load(ordering: .acquiring) != 0, clock.now < deadline
  {
    try? await Task.sleep(for: .milliseconds(1))
  }
}

/// RxCocoa's timing on the main thread: an element produced on the main thread reaches the
/// end of a driver or signal chain, and its binder, before the producing call returns, whatever
/// else is queued for the main queue, and in order.
@Suite @MainActor struct MainThreadTimingTests {
  @Test func driveIntoABinderBindsBeforeDriveReturns() async {
    let noise = MainQueueNoise()
    let label = Label()
    let bag = DisposeBag()
    let relay = BehaviorRelay(value: "a")
    relay.asDriver().drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
    #expect(label.text == "a")
    relay.accept("b")
    #expect(label.text == "b")
    #expect(noise.ran.read(\.isEmpty))
    #expect(await noise.drained(count: 3))
    #expect(label.history == ["a", "b"])
  }

  @Test func driveIntoABinderFromInsideAnotherBindingBindsAtOnce() async {
    let noise = MainQueueNoise()
    let outer = Label()
    let inner = Label()
    let bag = DisposeBag()
    let trigger = BehaviorRelay(value: "go")
    // The inner chain is built and driven from inside the outer binder's binding, itself run
    // from inside the outer driver's delivery: two main-scheduler actions are on the stack.
    trigger.asDriver().drive(
      Binder(outer) { outer, value in
        outer.text = value
        BehaviorRelay(value: value + "!").asDriver().map { $0.uppercased() }
          .drive(Binder(inner) { $0.text = $1 }).disposed(by: bag)
        #expect(inner.text == value.uppercased() + "!")
      }
    ).disposed(by: bag)
    #expect(outer.text == "go")
    #expect(inner.text == "GO!")
    #expect(await noise.drained(count: 3))
  }

  @Test func nestedDriverConversionsDeliverBeforeDriveReturns() async {
    let noise = MainQueueNoise()
    var seen: [Int] = []
    let bag = DisposeBag()
    Observable.just(1).asDriver(onErrorJustReturn: 0).asObservable()
      .asDriver(onErrorJustReturn: 0)
      .drive(onNext: { seen.append($0) }).disposed(by: bag)
    #expect(seen == [1])
    var signalled: [Int] = []
    Observable.of(1, 2).asSignal(onErrorJustReturn: 0).asDriver().asSignal()
      .map { $0 * 10 }
      .emit(onNext: { signalled.append($0) }).disposed(by: bag)
    #expect(signalled == [10, 20])
    #expect(await noise.drained(count: 3))
  }

  @Test func operatorsOfDriversDeliverBeforeTheProducingCallReturns() async {
    let noise = MainQueueNoise()
    let label = Label()
    let bag = DisposeBag()
    let first = BehaviorRelay(value: "a")
    let second = BehaviorRelay(value: 1)
    let taps = PublishRelay<Void>()
    Driver.combineLatest(first.asDriver(), second.asDriver()) { "\($0)\($1)" }
      .flatMapLatest { text in Driver.just(text).startWith(text + "?") }
      .drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
    #expect(label.history == ["a1?", "a1"])
    second.accept(2)
    #expect(label.history == ["a1?", "a1", "a2?", "a2"])
    var tapped = 0
    taps.asSignal().emit(to: Binder(label) { _, _ in tapped += 1 }).disposed(by: bag)
    taps.accept(())
    #expect(tapped == 1)
    #expect(await noise.drained(count: 3))
  }

  /// A binder bound from a driver leaves nothing queued on `MainScheduler.instance`, so the
  /// instance's users (the ViewStore adapter) keep applying main-thread work at once.
  @Test func aBoundBinderLeavesMainSchedulerInstanceFree() async {
    let noise = MainQueueNoise(onInstance: false)
    // Stands in for the adapter: `store.states.observe(on: MainScheduler.instance)`.
    let states = PublishRelay<Int>()
    var applied: [Int] = []
    let bag = DisposeBag()
    states.observe(on: MainScheduler.instance).subscribe(onNext: { applied.append($0) })
      .disposed(by: bag)
    // Tests of other suites may queue work on the instance from their own threads at any time,
    // which rightly defers the instance's main-thread work: a few attempts, each starting with
    // the instance idle. Before the fix, every attempt failed (the binder's own work was queued).
    var attempt = 0
    var boundAtOnce = false
    var appliedAtOnce = false
    while attempt < 5, !(boundAtOnce && appliedAtOnce) {
      attempt += 1
      await mainSchedulerInstanceIdle()
      let label = Label()
      BehaviorRelay(value: "a").asDriver().drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
      PublishRelay<Int>().asSignal().emit(onNext: { _ in }).disposed(by: bag)
      states.accept(attempt)
      boundAtOnce = label.text == "a"
      appliedAtOnce = applied.last == attempt
    }
    #expect(boundAtOnce)
    #expect(appliedAtOnce)
    #expect(await noise.drained(count: 2))
  }

  /// A binder given an element on another thread binds it on the main queue, and a main-thread
  /// element given to it meanwhile waits behind that one: order is kept.
  @Test func aBinderQueuesAnElementFromAnotherThreadAndKeepsOrder() async {
    let label = Label()
    let bag = DisposeBag()
    // A relay bound to the binder (no Driver): the binder gets each element on the accepting thread.
    let relay = PublishRelay<String>()
    relay.bind(to: Binder(label) { $0.text = $1 }).disposed(by: bag)
    let sent = Semaphore()
    startThread {
      relay.accept("from another thread")
      sent.fire()
    }
    #expect(sent.wait())
    #expect(label.history.isEmpty)
    relay.accept("from main")
    #expect(label.history.isEmpty)
    let marker = Shared(false)
    DispatchQueue.main.async { marker.value = true }
    #expect(await eventually { marker.value })
    #expect(label.history == ["from another thread", "from main"])
  }

  /// A main-thread element waits behind the binder's own element sent earlier from another
  /// thread (still queued for the main queue): order is kept.
  @Test func aMainThreadElementWaitsBehindTheChainsOwnQueuedElement() async {
    let noise = MainQueueNoise()
    let label = Label()
    let bag = DisposeBag()
    let relay = BehaviorRelay(value: "a")
    relay.asDriver().drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
    let sent = Semaphore()
    startThread {
      relay.accept("from another thread")
      sent.fire()
    }
    #expect(sent.wait())
    relay.accept("from main")
    #expect(label.history == ["a"])
    // The main queue runs in order: once a block queued now has run, so has the chain's.
    let marker = Shared(false)
    DispatchQueue.main.async { marker.value = true }
    #expect(await eventually { marker.value })
    #expect(label.history == ["a", "from another thread", "from main"])
    #expect(await noise.drained(count: 3))
  }
}
