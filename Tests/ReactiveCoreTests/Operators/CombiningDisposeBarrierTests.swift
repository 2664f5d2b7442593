import Dispatch
import Synchronization
import Testing

@testable import ReactiveCore

/// `dispose()` is a barrier for subscriptions made with `subscribe(onNext:…)`, also when the
/// elements come through a multi-source operator from another thread.
@Suite(.onOwnThread) struct CombiningDisposeBarrierTests {
  private func checkBarrier(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ make: (PublishRelay<Int>, PublishRelay<Int>) -> Observable<Int>
  ) {
    expectNoLeaks(
      {
        let a = PublishRelay<Int>()
        let b = PublishRelay<Int>()
        let received = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let emitted = Atomic<Int>(0)
        b.accept(0)
        let subscription = make(a, b).subscribe(onNext: { _ in
          received.add(1, ordering: .relaxed)
        })
        b.accept(0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
          var value = 0
          while !stop.load(ordering: .relaxed) {
            a.accept(value)
            value += 1
            emitted.store(value, ordering: .relaxed)
          }
          // Keep emitting after the dispose, too.
          for extra in 0..<1_000 { a.accept(extra) }
        }
        var round = 0
        while received.load(ordering: .relaxed) < 100 && round < 50_000_000 { round += 1 }
        subscription.dispose()
        let atDispose = received.load(ordering: .relaxed)
        stop.store(true, ordering: .relaxed)
        group.wait()
        #expect(
          received.load(ordering: .relaxed) == atDispose, "delivered after dispose()",
          sourceLocation: sourceLocation)
        #expect(!a.hasObservers && !b.hasObservers, sourceLocation: sourceLocation)
      }, sourceLocation: sourceLocation)
  }

  @Test func merge() {
    checkBarrier { Observable.merge($0.asObservable(), $1.asObservable()) }
  }

  @Test func flatMapLatest() {
    checkBarrier { a, b in b.flatMapLatest { _ in a } }
  }

  @Test func combineLatest() {
    checkBarrier { Observable.combineLatest($0, $1, resultSelector: +) }
  }

  @Test func zip() {
    checkBarrier { a, _ in Observable.zip(a, Observable.from(0..<10_000), resultSelector: +) }
  }

  @Test func withLatestFrom() {
    checkBarrier { a, b in a.withLatestFrom(b) }
  }

  @Test func share() {
    checkBarrier { a, _ in a.share(replay: 1) }
  }
}
