import Testing

@testable import ReactiveCore

@Suite struct CombineLatestTests {
  @Test func emitsOnceAllHaveValuesThenOnEveryElement() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<String>()
      let recorder = Recorder<String>()
      let subscription = Observable.combineLatest(a, b) { "\($0)\($1)" }.subscribe(recorder)
      a.onNext(1)
      a.onNext(2)
      b.onNext("x")
      a.onNext(3)
      b.onNext("y")
      #expect(recorder.events == [.next("2x"), .next("3x"), .next("3y")])
      subscription.dispose()
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func completesWhenAllCompleted() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.combineLatest(a, b, resultSelector: +).subscribe(recorder)
      a.onNext(1)
      b.onNext(10)
      a.onCompleted()
      b.onNext(20)
      #expect(recorder.events == [.next(11), .next(21)])
      b.onCompleted()
      #expect(recorder.events == [.next(11), .next(21), .completed])
    }
  }

  /// As RxSwift: a source completing without a value is released but does not end the result;
  /// the next element that cannot be combined (every other source done) completes it.
  @Test func completesWhenTheLastRunningSourceEmitsAfterAnEmptySourceCompleted() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.combineLatest(a, b, resultSelector: +).subscribe(recorder)
      a.onNext(1)
      b.onCompleted()
      #expect(recorder.events == [])
      #expect(!b.hasObservers && a.hasObservers)
      a.onNext(2)
      #expect(recorder.events == [.completed])
      #expect(!a.hasObservers)
    }
  }

  @Test func errorsAndThrowingSelectorEndEverything() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.combineLatest(a, b, resultSelector: +).subscribe(recorder)
      a.onNext(1)
      b.onError(TestError(id: 3))
      #expect(recorder.events == [.error(TestError(id: 3))])
      #expect(!a.hasObservers && !b.hasObservers)

      let c = PublishSubject<Int>()
      let d = PublishSubject<Int>()
      let throwing = Recorder<Int>()
      _ = Observable.combineLatest(c, d) { x, y -> Int in
        if y == 2 { throw TestError(id: 4) }
        return x + y
      }.subscribe(throwing)
      c.onNext(1)
      d.onNext(1)
      d.onNext(2)
      c.onNext(5)
      #expect(throwing.events == [.next(2), .error(TestError(id: 4))])
      #expect(!c.hasObservers && !d.hasObservers)
    }
  }

  @Test func synchronousSourcesCombineWithTheLastValueOfTheFirst() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20), resultSelector: +)
        .subscribe(recorder)
      // The two sequences take turns on the trampoline, as in RxSwift.
      #expect(recorder.events == [.next(11), .next(12), .next(22), .completed])
    }
  }

  @Test func tupleAndArityForms() {
    expectNoLeaks {
      var pairs: [String] = []
      _ = Observable.combineLatest(Observable.just(1), Observable.just("a"))
        .subscribe(onNext: { pairs.append("\($0.0)\($0.1)") })
      #expect(pairs == ["1a"])

      var triples: [String] = []
      _ = Observable.combineLatest(Observable.just(1), Observable.just("a"), Observable.just(true))
        .subscribe(onNext: { triples.append("\($0.0)\($0.1)\($0.2)") })
      #expect(triples == ["1atrue"])

      var quads: [Int] = []
      _ = Observable.combineLatest(
        Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4)
      ).subscribe(onNext: { quads.append($0.0 + $0.1 + $0.2 + $0.3) })
      #expect(quads == [10])

      let three = Recorder<Int>()
      _ = Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3)) {
        $0 * 100 + $1 * 10 + $2
      }.subscribe(three)
      #expect(three.events == [.next(123), .completed])

      let four = Recorder<Int>()
      let a = PublishSubject<Int>()
      _ = Observable.combineLatest(a, Observable.just(2), Observable.just(3), Observable.just(4)) {
        $0 + $1 + $2 + $3
      }.subscribe(four)
      a.onNext(1)
      a.onNext(11)
      a.onCompleted()
      #expect(four.events == [.next(10), .next(20), .completed])
    }
  }

  @Test func collectionForms() {
    expectNoLeaks {
      let subjects = (0..<3).map { _ in PublishSubject<Int>() }
      let recorder = Recorder<[Int]>()
      _ = Observable.combineLatest(subjects).subscribe(recorder)
      subjects[0].onNext(1)
      subjects[1].onNext(2)
      subjects[2].onNext(3)
      subjects[1].onNext(20)
      for subject in subjects { subject.onCompleted() }
      #expect(recorder.events == [.next([1, 2, 3]), .next([1, 20, 3]), .completed])

      let summed = Recorder<Int>()
      _ = Observable.combineLatest([Observable.just(1), .just(2)]) { $0.reduce(0, +) }
        .subscribe(summed)
      #expect(summed.events == [.next(3), .completed])

      let empty = Recorder<Int>()
      _ = Observable.combineLatest([Observable<Int>]()) { $0.count + 100 }.subscribe(empty)
      #expect(empty.events == [.next(100), .completed])

      let emptyThrowing = Recorder<Int>()
      _ = Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw TestError(id: 9) }
        .subscribe(emptyThrowing)
      #expect(emptyThrowing.events == [.error(TestError(id: 9))])
    }
  }

  @Test func reentrantElementIsQueued() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var seen: [Int] = []
      var depth = 0
      var maxDepth = 0
      let subscription = Observable.combineLatest(a, b, resultSelector: +).subscribe(onNext: {
        value in
        depth += 1
        maxDepth = max(maxDepth, depth)
        seen.append(value)
        if value == 11 { b.onNext(20) }
        depth -= 1
      })
      a.onNext(1)
      b.onNext(10)
      #expect(seen == [11, 21])
      #expect(maxDepth == 1)
      subscription.dispose()
    }
  }

  /// A re-entrant element is queued and handled later with the store its source subscribed with:
  /// each source of a form with different element types, and the collection form.
  @Test func queuedElementsOfEachSourceAreStoredInTheirOwnSlot() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<String>()
      let c = PublishSubject<Double>()
      var seen: [String] = []
      let subscription = Observable.combineLatest(a, b, c) { "\($0)\($1)\($2)" }
        .subscribe(onNext: { value in
          seen.append(value)
          switch value {
          case "1x0.5":
            a.onNext(2)
            b.onNext("y")
          case "2y0.5": c.onNext(1.5)
          default: break
          }
        })
      a.onNext(1)
      b.onNext("x")
      c.onNext(0.5)
      #expect(seen == ["1x0.5", "2x0.5", "2y0.5", "2y1.5"])
      subscription.dispose()

      let sources = [PublishSubject<Int>(), PublishSubject<Int>()]
      var sums: [Int] = []
      let collection = Observable.combineLatest(sources) { $0 }.subscribe(onNext: { values in
        sums.append(values[0] * 10 + values[1])
        if values == [1, 2] { sources[1].onNext(3) }
        if values == [1, 3] { sources[0].onNext(4) }
      })
      sources[0].onNext(1)
      sources[1].onNext(2)
      #expect(sums == [12, 13, 43])
      collection.dispose()
    }
  }

  @Test func concurrentSourcesEmitOncePerElement() {
    expectNoLeaks {
      let perThread = 20_000
      let a = PublishRelay<Int>()
      let b = PublishRelay<Int>()
      let observer = OverlapCheckingObserver<[Int]>()
      let subscription = Observable.combineLatest(a, b) { [$0, $1] }.subscribe(observer)
      a.accept(0)
      b.accept(0)
      runConcurrently(2) { index in
        let relay = index == 0 ? a : b
        for value in 1...perThread { relay.accept(value) }
      }
      #expect(observer.nextCount.load(ordering: .relaxed) == 1 + 2 * perThread)
      #expect(observer.overlaps.load(ordering: .relaxed) == 0)
      let elements = observer.elements
      // Each component only moves forward, one step at a time.
      for index in 0..<2 {
        let component = elements.map { $0[index] }
        #expect(zip(component, component.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 })
        #expect(component.last == perThread)
      }
      subscription.dispose()
    }
  }

  @Test func stateMachineRules() {
    var machine = CombineLatestStateMachine(arity: 2)
    let first = machine.next(0)
    let second = machine.next(1)
    let firstDone = machine.completed(0)
    let secondDone = machine.completed(1)
    #expect(first == .wait && second == .emit && !firstDone && secondDone)
    #expect(machine.state == .stopped && machine.next(0) == .ignore)

    var early = CombineLatestStateMachine(arity: 2)
    _ = early.next(0)
    #expect(early.state == .collecting)
    let emptyDone = early.completed(1)
    let uncombinable = early.next(0)
    let stopAgain = early.stop()
    #expect(!emptyDone && uncombinable == .complete && !stopAgain)
    #expect(early.next(0) == .ignore && !early.completed(0))

    var failed = CombineLatestStateMachine(arity: 2)
    _ = failed.next(0)
    _ = failed.next(1)
    #expect(failed.state == .combining)
    let firstStop = failed.stop()
    #expect(firstStop && failed.state == .stopped && failed.next(0) == .ignore)
  }

  @Test func contracts() {
    checkOperatorContract { Observable.combineLatest($0, Observable.just(1), resultSelector: +) }
    checkOperatorContract { Observable.combineLatest(Observable.just(1), $0).map { $0.0 + $0.1 } }
    checkOperatorContract { Observable.combineLatest([$0, Observable.just(1)]) }
  }
}
