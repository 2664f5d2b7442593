import ReactiveEngine
import ReactiveTesting
import Testing

@testable import ReactiveCore

/// combineLatest and zip for five to eight sources, and `Infallible.combineLatest` and `zip`, on virtual
/// time: values, completion, errors and the release of every source.
@Suite struct CombiningArityTests {
  /// Hot source `i` (1-based) emits `i` at 200 + 10i and `10i` at 300 + i, then completes at 400
  /// (or fails at 350 when `failing` is `i`).
  func sources(_ scheduler: TestScheduler, count: Int, failing: Int? = nil)
    -> [TestableObservable<Int>]
  {
    (1...count).map { i in
      let end: Recorded<Event<Int>> =
        failing == i ? .error(350, TestError(id: i)) : .completed(400)
      return scheduler.createHotObservable([.next(200 + 10 * i, i), .next(300 + i, 10 * i), end])
    }
  }

  func expectReleased(
    _ sources: [TestableObservable<Int>], at time: TestTime,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for source in sources {
      #expect(source.subscriptions == [Subscription(200, time)], sourceLocation: sourceLocation)
    }
  }

  @Test func combineLatestOfFiveToEight() {
    for count in 5...8 {
      expectNoLeaks {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = sources(scheduler, count: count)
        let res = scheduler.start { () -> Observable<Int> in
          let o = xs.map { $0.asObservable() }
          switch count {
          case 5:
            return Observable.combineLatest(o[0], o[1], o[2], o[3], o[4]) { $0 + $1 + $2 + $3 + $4 }
          case 6:
            return Observable.combineLatest(o[0], o[1], o[2], o[3], o[4], o[5]) {
              $0 + $1 + $2 + $3 + $4 + $5
            }
          case 7:
            return Observable.combineLatest(o[0], o[1], o[2], o[3], o[4], o[5], o[6]) {
              $0 + $1 + $2 + $3 + $4 + $5 + $6
            }
          default:
            return Observable.combineLatest(o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7]) {
              $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
          }
        }
        // First value once the last source emitted; then one per element, each source's value
        // replaced by ten times itself in turn.
        var expected: [Recorded<Event<Int>>] = [.next(200 + 10 * count, count * (count + 1) / 2)]
        var sum = count * (count + 1) / 2
        for i in 1...count {
          sum += 9 * i
          expected.append(.next(300 + i, sum))
        }
        expected.append(.completed(400))
        #expect(res.events == expected)
        expectReleased(xs, at: 400)
      }
    }
  }

  @Test func combineLatestTupleOfEight() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = sources(scheduler, count: 8)
      let res = scheduler.start {
        Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7])
          .map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] }
      }
      #expect(res.events.first == .next(280, Array(1...8)))
      #expect(res.events.dropLast().last == .next(308, (1...8).map { 10 * $0 }))
      let five = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) {
        Observable.combineLatest(
          Observable.just(1), Observable.just("a"), Observable.just(2.5), Observable.just(true),
          Observable.just(Character("c"))
        ).map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)" }
      }
      #expect(five.events == [.next(1001, "1a2.5truec"), .completed(1001)])
    }
  }

  @Test func combineLatestErrorReleasesEverySource() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = sources(scheduler, count: 6, failing: 4)
      let res = scheduler.start {
        Observable.combineLatest(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5]) {
          $0 + $1 + $2 + $3 + $4 + $5
        }
      }
      #expect(res.events.last == .error(350, TestError(id: 4)))
      expectReleased(xs, at: 350)
    }
  }

  @Test func zipOfFiveToEight() {
    for count in 5...8 {
      expectNoLeaks {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = sources(scheduler, count: count)
        let res = scheduler.start { () -> Observable<Int> in
          let o = xs.map { $0.asObservable() }
          switch count {
          case 5: return Observable.zip(o[0], o[1], o[2], o[3], o[4]) { $0 + $1 + $2 + $3 + $4 }
          case 6:
            return Observable.zip(o[0], o[1], o[2], o[3], o[4], o[5]) {
              $0 + $1 + $2 + $3 + $4 + $5
            }
          case 7:
            return Observable.zip(o[0], o[1], o[2], o[3], o[4], o[5], o[6]) {
              $0 + $1 + $2 + $3 + $4 + $5 + $6
            }
          default:
            return Observable.zip(o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7]) {
              $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
          }
        }
        let sum = count * (count + 1) / 2
        #expect(
          res.events == [
            .next(200 + 10 * count, sum), .next(300 + count, 10 * sum), .completed(400),
          ]
        )
        expectReleased(xs, at: 400)
      }
    }
  }

  @Test func zipTupleOfEightAndError() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = sources(scheduler, count: 8, failing: 8)
      let res = scheduler.start {
        Observable.zip(xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7])
          .map { $0.0 * $0.7 }
      }
      #expect(res.events == [.next(280, 8), .next(308, 800), .error(350, TestError(id: 8))])
      expectReleased(xs, at: 350)
    }
  }

  /// The pieces both operators' sink shares: the counted source set (completions, and which
  /// sources have a value) and the two kinds of slot.
  @Test func sharedBookkeeping() {
    var set = SourceSet(arity: 3)
    let first = set.insert(1)
    let again = set.insert(1)
    #expect(!first && !again && set.count == 1 && !set.allButOne)
    let second = set.insert(0)
    #expect(!second && set.allButOne)
    let last = set.insert(2)
    #expect(last && set.count == 3)

    var latest = LatestValue<Int>()
    latest.store(1)
    latest.store(2)
    #expect(latest.take() == 2 && latest.take() == 2)

    var queue = FIFO<Int>()
    queue.store(1)
    queue.store(2)
    #expect(queue.take() == 1 && queue.take() == 2 && queue.isEmpty)
  }

  @Test func contracts() {
    checkOperatorContract { source in
      Observable.combineLatest(source, source, source, source, source) { $0 + $1 + $2 + $3 + $4 }
    }
    checkOperatorContract { source in
      Observable.zip(source, source, source, source, source, source, source, source)
        .map { $0.0 + $0.7 }
    }
  }

  @Test func infallibleCombineLatest() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = sources(scheduler, count: 3)
      let infallibles = xs.map { $0.asInfallible(onErrorJustReturn: -1) }
      let res = scheduler.start {
        Infallible.combineLatest(infallibles[0], infallibles[1], infallibles[2]) { $0 + $1 + $2 }
      }
      #expect(
        res.events == [
          .next(230, 6), .next(301, 15), .next(302, 33), .next(303, 60), .completed(400),
        ])
      expectReleased(xs, at: 400)

      let pairs = scheduler.start(created: 1000, subscribed: 1001, disposed: 2000) {
        Infallible.combineLatest(Infallible.just(1), Infallible.just("a")).map { "\($0.0)\($0.1)" }
      }
      #expect(pairs.events == [.next(1001, "1a"), .completed(1001)])

      let relays = (0..<8).map { BehaviorRelay(value: $0) }
      let i = relays.map { $0.asInfallible() }
      let recorder = Recorder<Int>()
      let eight = Infallible.combineLatest(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7])
        .map { $0.0 + $0.1 + $0.2 + $0.3 + $0.4 + $0.5 + $0.6 + $0.7 }
        .subscribe(recorder)
      relays[7].accept(100)
      #expect(recorder.elements == [28, 121])
      eight.dispose()

      let collection = Recorder<[Int]>()
      let all = Infallible.combineLatest(i).subscribe(collection)
      relays[0].accept(5)
      #expect(collection.elements.last == [5, 1, 2, 3, 4, 5, 6, 100])
      all.dispose()
      let summed = Recorder<Int>()
      _ = Infallible.combineLatest([Infallible<Int>]()) { $0.count }.subscribe(summed)
      #expect(summed.events == [.next(0), .completed])
    }
  }

  /// RxSwift's `Infallible.zip` of two to eight sources (`Observable.zip`'s rules), with a
  /// selector and into tuples.
  @Test func infallibleZip() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = sources(scheduler, count: 2)
      let infallibles = xs.map { $0.asInfallible(onErrorJustReturn: -1) }
      let res = scheduler.start { Infallible.zip(infallibles[0], infallibles[1]) { $0 * 100 + $1 } }
      #expect(res.events == [.next(220, 102), .next(302, 1020), .completed(400)])
      expectReleased(xs, at: 400)

      let relays = (0..<8).map { _ in PublishRelay<Int>() }
      let i = relays.map { $0.asInfallible() }
      let recorder = Recorder<Int>()
      let eight = Infallible.zip(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7])
        .map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7].reduce(0, +) }
        .subscribe(recorder)
      for (index, relay) in relays.enumerated() { relay.accept(index) }
      #expect(recorder.elements == [28])
      relays[0].accept(100)
      #expect(recorder.elements == [28])
      eight.dispose()

      let five = Recorder<Int>()
      _ = Infallible<Int>.zip(
        Infallible.just(1), Infallible.just(2), Infallible.just(3), Infallible.just(4),
        Infallible.just(5)
      ) { $0 * 10_000 + $1 * 1_000 + $2 * 100 + $3 * 10 + $4 }.subscribe(five)
      #expect(five.events == [.next(12_345), .completed])
    }
  }
}
