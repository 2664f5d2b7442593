import Testing

@testable import ReactiveCore

@Suite struct ZipTests {
  @Test func pairsInOrderWithBuffers() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<String>()
      let recorder = Recorder<String>()
      let subscription = Observable.zip(a, b) { "\($0)\($1)" }.subscribe(recorder)
      a.onNext(1)
      a.onNext(2)
      a.onNext(3)
      b.onNext("x")
      b.onNext("y")
      #expect(recorder.events == [.next("1x"), .next("2y")])
      b.onNext("z")
      #expect(recorder.events == [.next("1x"), .next("2y"), .next("3z")])
      subscription.dispose()
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func doesNotCompleteEarlyWhenAFinishedSourceHasAnEmptyBuffer() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.zip(a, b, resultSelector: +).subscribe(recorder)
      a.onNext(1)
      a.onCompleted()
      b.onNext(10)
      // a is done and its buffer is empty: nothing more can be paired, but zip waits for b.
      #expect(recorder.events == [.next(11)])
      b.onNext(20)
      #expect(recorder.events == [.next(11)])
      #expect(b.hasObservers)
      b.onCompleted()
      #expect(recorder.events == [.next(11), .completed])
    }
  }

  @Test func completesWhenAllCompletedEvenWithLeftovers() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")) { "\($0)\($1)" }
        .subscribe(recorder)
      #expect(recorder.events == [.next("1a"), .next("2b"), .completed])
    }
  }

  @Test func errorsAndThrowingSelector() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = Observable.zip(a, b, resultSelector: +).subscribe(recorder)
      a.onNext(1)
      b.onError(TestError(id: 1))
      #expect(recorder.events == [.error(TestError(id: 1))])
      #expect(!a.hasObservers && !b.hasObservers)

      let c = PublishSubject<Int>()
      let d = PublishSubject<Int>()
      let throwing = Recorder<Int>()
      _ = Observable.zip(c, d) { x, y -> Int in
        if x == 2 { throw TestError(id: 2) }
        return x + y
      }.subscribe(throwing)
      c.onNext(1)
      c.onNext(2)
      d.onNext(10)
      d.onNext(20)
      #expect(throwing.events == [.next(11), .error(TestError(id: 2))])
      #expect(!c.hasObservers && !d.hasObservers)
    }
  }

  @Test func arityAndCollectionForms() {
    expectNoLeaks {
      var pairs: [String] = []
      _ = Observable.zip(Observable.of(1, 2), Observable.of("a", "b"))
        .subscribe(onNext: { pairs.append("\($0.0)\($0.1)") })
      #expect(pairs == ["1a", "2b"])

      var triples: [Int] = []
      let ones = Observable.of(1, 2)
      let tens = Observable.of(10, 20)
      let hundreds = Observable.of(100, 200)
      _ = Observable.zip(ones, tens, hundreds).subscribe(onNext: { (x: (Int, Int, Int)) in
        triples.append(x.0 + x.1 + x.2)
      })
      #expect(triples == [111, 222])

      let quads = Recorder<Int>()
      let (q1, q2, q3, q4) = (
        Observable.of(1), Observable.of(2), Observable.of(3), Observable.of(4)
      )
      _ = Observable.zip(q1, q2, q3, q4) { (a: Int, b: Int, c: Int, d: Int) in a + b + c + d }
        .subscribe(quads)
      #expect(quads.events == [.next(10), .completed])

      var tupleQuads: [Int] = []
      _ = Observable.zip(q1, q2, q3, q4).subscribe(onNext: { (x: (Int, Int, Int, Int)) in
        tupleQuads.append(x.0 * x.1 * x.2 * x.3)
      })
      #expect(tupleQuads == [24])

      let three = Recorder<Int>()
      _ = Observable.zip(q1, q2, q3) { (a: Int, b: Int, c: Int) in a * 100 + b * 10 + c }
        .subscribe(three)
      #expect(three.events == [.next(123), .completed])

      let arrays = Recorder<[Int]>()
      _ = Observable.zip([Observable.of(1, 2), .of(10, 20), .of(100)]).subscribe(arrays)
      #expect(arrays.events == [.next([1, 10, 100]), .completed])

      let summed = Recorder<Int>()
      _ = Observable.zip([Observable.of(1, 2), .of(10, 20)]) { $0.reduce(0, +) }.subscribe(summed)
      #expect(summed.events == [.next(11), .next(22), .completed])

      let empty = Recorder<[Int]>()
      _ = Observable.zip([Observable<Int>]()).subscribe(empty)
      #expect(empty.events == [.completed])
    }
  }

  @Test func concurrentSourcesPairExactly() {
    expectNoLeaks {
      let perThread = 20_000
      let a = PublishRelay<Int>()
      let b = PublishRelay<Int>()
      let observer = OverlapCheckingObserver<Int>()
      let subscription = Observable.zip(a, b) { x, y in x == y ? x : -1 }.subscribe(observer)
      runConcurrently(2) { index in
        let relay = index == 0 ? a : b
        for value in 0..<perThread { relay.accept(value) }
      }
      #expect(observer.nextCount.load(ordering: .relaxed) == perThread)
      #expect(observer.overlaps.load(ordering: .relaxed) == 0)
      #expect(observer.elements == Array(0..<perThread))
      subscription.dispose()
    }
  }

  @Test func reentrantElementIsQueued() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var seen: [Int] = []
      var depth = 0
      var maxDepth = 0
      let subscription = Observable.zip(a, b, resultSelector: +).subscribe(onNext: { value in
        depth += 1
        maxDepth = max(maxDepth, depth)
        seen.append(value)
        if value == 11 {
          a.onNext(2)
          b.onNext(20)
        }
        depth -= 1
      })
      a.onNext(1)
      b.onNext(10)
      #expect(seen == [11, 22])
      #expect(maxDepth == 1)
      subscription.dispose()
    }
  }

  /// A re-entrant element is queued and handled later with the store its source subscribed with:
  /// each source of a form with different element types, and the collection form.
  @Test func queuedElementsOfEachSourceAreStoredInTheirOwnBuffer() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<String>()
      var seen: [String] = []
      let subscription = Observable.zip(a, b) { "\($0)\($1)" }.subscribe(onNext: { value in
        seen.append(value)
        if value == "1x" {
          b.onNext("y")
          a.onNext(2)
          a.onNext(3)
        }
      })
      a.onNext(1)
      b.onNext("x")
      b.onNext("z")
      #expect(seen == ["1x", "2y", "3z"])
      subscription.dispose()

      let sources = [PublishSubject<Int>(), PublishSubject<Int>()]
      var pairs: [[Int]] = []
      let collection = Observable.zip(sources) { $0 }.subscribe(onNext: { values in
        pairs.append(values)
        if values == [1, 2] {
          sources[1].onNext(4)
          sources[0].onNext(3)
        }
      })
      sources[0].onNext(1)
      sources[1].onNext(2)
      #expect(pairs == [[1, 2], [3, 4]])
      collection.dispose()
    }
  }

  @Test func stateMachineRules() {
    var machine = ZipStateMachine(arity: 2)
    let buffered = machine.next(0)
    let again = machine.next(0)
    let paired = machine.next(1)
    let firstDone = machine.completed(0)
    let pairedAgain = machine.next(1)
    let allDone = machine.completed(1)
    #expect(buffered == .wait && again == .wait && paired == .emit)
    #expect(!firstDone && pairedAgain == .emit && allDone)
    #expect(machine.state == .stopped && machine.next(0) == .ignore && !machine.stop())

    var collection = ZipStateMachine(arity: 2, completesWhenOthersDone: true)
    let done = collection.completed(1)
    let unpairable = collection.next(0)
    #expect(!done && unpairable == .complete && collection.isStopped)
  }

  @Test func contracts() {
    checkOperatorContract { Observable.zip($0, Observable.of(1, 2, 3), resultSelector: +) }
    checkOperatorContract { Observable.zip(Observable.of(1, 2), $0).map { $0.0 + $0.1 } }
    checkOperatorContract { Observable.zip([$0, Observable.of(1, 2, 3, 4, 5, 6)]) }
  }
}
