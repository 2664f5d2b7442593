import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

@Suite(.onOwnThread) struct DisposablesTests {
  @Test func createWithoutArgumentsIsOneSharedObject() {
    // `Disposable` is class-bound: the no-op disposable is a single instance, never allocated.
    #expect(Disposables.create() === Disposables.create())
    Disposables.create().dispose()
  }

  @Test func createWithRunsItsActionOnce() {
    var runs = 0
    let disposable = Disposables.create { runs += 1 }
    #expect(!disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    #expect(runs == 1)
    #expect(disposable.isDisposed)
  }

  @Test func createWithRunsOnceUnderConcurrentDispose() {
    for _ in 0..<200 {
      let runs = Atomic<Int>(0)
      let disposable = Disposables.create { runs.add(1, ordering: .relaxed) }
      let holder = Shared<Cancelable>(disposable)
      DispatchQueue.concurrentPerform(iterations: 4) { _ in holder.value.dispose() }
      #expect(runs.load(ordering: .relaxed) == 1)
    }
  }

  @Test func createWithReleasesItsClosure() {
    final class Object {}
    weak var weakObject: Object?
    let disposable: Disposable
    do {
      let object = Object()
      weakObject = object
      disposable = Disposables.create { _ = object }
    }
    #expect(weakObject != nil)
    disposable.dispose()
    #expect(weakObject == nil)
  }

  @Test func createGroupsDisposeInOrder() {
    var log: [Int] = []
    Disposables.create(
      Disposables.create { log.append(1) }, Disposables.create { log.append(2) },
      Disposables.create { log.append(3) }, Disposables.create { log.append(4) }
    ).dispose()
    Disposables.create([Disposables.create { log.append(5) }, Disposables.create { log.append(6) }])
      .dispose()
    #expect(log == [1, 2, 3, 4, 5, 6])
    Disposables.create().dispose()
  }

  @Test func booleanDisposable() {
    let flag = BooleanDisposable()
    #expect(!flag.isDisposed)
    flag.dispose()
    #expect(flag.isDisposed)
    #expect(BooleanDisposable(isDisposed: true).isDisposed)
  }

  // MARK: CompositeDisposable

  @Test func compositeInsertRemoveDispose() {
    var log: [String] = []
    let composite = CompositeDisposable()
    let a = composite.insert(Disposables.create { log.append("a") })
    let b = composite.insert(Disposables.create { log.append("b") })
    _ = composite.insert(Disposables.create { log.append("c") })
    #expect(composite.count == 3)
    composite.remove(for: a!)
    #expect(log == ["a"])
    #expect(composite.count == 2)
    composite.remove(for: a!)  // already removed: nothing happens
    #expect(log == ["a"])
    composite.dispose()
    #expect(log == ["a", "b", "c"])
    #expect(composite.isDisposed)
    #expect(composite.count == 0)
    composite.remove(for: b!)
    composite.dispose()
    #expect(log == ["a", "b", "c"])
  }

  @Test func compositeInsertAfterDisposeReturnsNilAndDisposes() {
    let composite = CompositeDisposable()
    composite.dispose()
    var disposed = false
    let key = composite.insert(Disposables.create { disposed = true })
    #expect(key == nil)
    #expect(disposed)
  }

  @Test func compositeInitializersHoldTheirItems() {
    var log: [Int] = []
    let composite = CompositeDisposable(
      Disposables.create { log.append(1) }, Disposables.create { log.append(2) })
    let key = composite.insert(Disposables.create { log.append(3) })
    #expect(key != nil)
    #expect(composite.count == 3)
    composite.dispose()
    #expect(log == [1, 2, 3])
  }

  @Test func compositeIsThreadSafe() {
    let composite = CompositeDisposable()
    let disposed = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<1_000 {
        let key = composite.insert(Disposables.create { disposed.add(1, ordering: .relaxed) })
        if let key { composite.remove(for: key) }
      }
    }
    #expect(disposed.load(ordering: .relaxed) == 4_000)
    #expect(composite.count == 0)
  }

  // MARK: SerialDisposable

  @Test func serialReplacementDisposesThePrevious() {
    var log: [String] = []
    let serial = SerialDisposable()
    serial.disposable = Disposables.create { log.append("first") }
    #expect(log.isEmpty)
    serial.disposable = Disposables.create { log.append("second") }
    #expect(log == ["first"])
    serial.dispose()
    #expect(log == ["first", "second"])
    #expect(serial.isDisposed)
    serial.disposable = Disposables.create { log.append("after") }
    #expect(log == ["first", "second", "after"])
    serial.dispose()
    #expect(log == ["first", "second", "after"])
  }

  // MARK: SingleAssignmentDisposable

  @Test func singleAssignmentDisposesOnDispose() {
    var disposed = 0
    let holder = SingleAssignmentDisposable()
    holder.setDisposable(Disposables.create { disposed += 1 })
    #expect(disposed == 0)
    holder.dispose()
    holder.dispose()
    #expect(disposed == 1)
    #expect(holder.isDisposed)
  }

  @Test func singleAssignmentSetAfterDisposeDisposesAtOnce() {
    var disposed = false
    let holder = SingleAssignmentDisposable()
    holder.dispose()
    holder.setDisposable(Disposables.create { disposed = true })
    #expect(disposed)
  }

  @Test func singleAssignmentRacingSetAndDisposeDisposesExactlyOnce() {
    for _ in 0..<500 {
      let holder = SingleAssignmentDisposable()
      let disposed = Atomic<Int>(0)
      let inner = Disposables.create { disposed.add(1, ordering: .relaxed) }
      let box = Shared<(SingleAssignmentDisposable, Cancelable)>((holder, inner))
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let (holder, inner) = box.value
        if index == 0 { holder.setDisposable(inner) } else { holder.dispose() }
      }
      #expect(disposed.load(ordering: .relaxed) == 1)
    }
  }

  // MARK: DisposeBag

  @Test func disposeBagDisposesInInsertionOrderOnDeinit() {
    var log: [Int] = []
    do {
      let bag = DisposeBag()
      for i in 0..<5 { Disposables.create { log.append(i) }.disposed(by: bag) }
      bag.insert(Disposables.create { log.append(5) }, Disposables.create { log.append(6) })
      #expect(log.isEmpty)
      _ = bag
    }
    #expect(log == [0, 1, 2, 3, 4, 5, 6])
  }

  @Test func disposeBagBuilder() {
    var log: [Int] = []
    do {
      let bag = DisposeBag {
        Disposables.create { log.append(1) }
        Disposables.create { log.append(2) }
      }
      _ = bag
    }
    #expect(log == [1, 2])
  }

  @Test func disposeBagInsertionIsThreadSafe() {
    let disposed = Atomic<Int>(0)
    do {
      let bag = DisposeBag()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        for _ in 0..<2_500 {
          bag.insert(Disposables.create { disposed.add(1, ordering: .relaxed) })
        }
      }
      #expect(disposed.load(ordering: .relaxed) == 0)
    }
    #expect(disposed.load(ordering: .relaxed) == 10_000)
  }

  @Test func disposeBagEndsSubscriptions() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      var seen: [Int] = []
      do {
        let bag = DisposeBag()
        relay.subscribe(onNext: { seen.append($0) }).disposed(by: bag)
        relay.accept(1)
        _ = bag
      }
      relay.accept(2)
      #expect(seen == [1])
      #expect(!relay.hasObservers)
    }
  }
}
