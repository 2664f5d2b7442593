import Dispatch
import TestSupport
import Testing

@testable import ReactiveCore

/// The element fast path of the switch sink (an inner element delivered without the sink's lock
/// when its drainer is idle) under races with the outer side on another thread.
@Suite struct SwitchConcurrencyTests {
  /// An inner that ignores disposal and keeps sending from its own thread (negative elements)
  /// while the main thread switches to a new inner (positive elements) or fails the outer.
  private final class Round: @unchecked Sendable {  // every field is thread-safe
    let outer = PublishSubject<Int>()
    let fresh = PublishSubject<Int>()
    let stale = Shared<AnyObserver<Int>?>(nil)
    let received = Shared<[Event<Int>]>([])
    let stop = Shared(false)
    let done = DispatchSemaphore(value: 0)
    var subscription: Disposable?

    init() {
      subscription = outer.flatMapLatest { [stale, fresh] value -> Observable<Int> in
        guard value == 0 else { return fresh.asObservable() }
        return Observable(subscribeHandler: { observer in
          stale.value = observer
          return Disposables.create()
        })
      }.subscribe { [received] event in received.mutate { $0.append(event) } }
      outer.onNext(0)
    }

    /// Starts the stale inner's thread, then returns once it delivered `warmUp` elements.
    func startStaleInner(warmUp: Int) -> Bool {
      guard stale.value != nil else { return false }
      startThread { [stale, stop, done] in
        guard let observer = stale.value else { return }
        var value = -1
        while !stop.value {
          observer.onNext(value)
          value -= 1
        }
        done.signal()
      }
      return eventually { received.read(\.count) >= warmUp }
    }

    func finish() -> [Event<Int>] {
      stop.value = true
      _ = wait(for: done)
      subscription?.dispose()
      return received.value
    }
  }

  @Test func anElementOfAReplacedInnerNeverFollowsOneOfItsSuccessor() {
    var generator = SeededGenerator(seed: adversarialSeed)
    for round in 0..<100 {
      let state = Round()
      #expect(state.startStaleInner(warmUp: Int.random(in: 1...20, using: &generator)))
      state.outer.onNext(1)
      for value in 1...20 { state.fresh.onNext(value) }
      let events = state.finish()
      let elements = events.compactMap(\.element)
      let firstFresh = elements.firstIndex { $0 > 0 }
      #expect(firstFresh != nil, "\(seedNote(round))")
      if let firstFresh {
        #expect(elements[firstFresh...] == ArraySlice(1...20), "\(seedNote(round))")
      }
    }
  }

  @Test func noElementFollowsTheErrorOfTheOuter() {
    var generator = SeededGenerator(seed: adversarialSeed)
    for round in 0..<100 {
      let state = Round()
      #expect(state.startStaleInner(warmUp: Int.random(in: 1...20, using: &generator)))
      state.outer.onError(TestError(id: 1))
      let events = state.finish()
      #expect(events.last == .error(TestError(id: 1)), "\(seedNote(round))")
      #expect(events.filter(\.isStopEvent).count == 1, "\(seedNote(round))")
    }
  }
}
