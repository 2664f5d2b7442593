import ReactiveCore
import Testing

@Suite struct GenerateTests {
  @Test func generatesWhileConditionHolds() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })
        .subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(3), .next(9), .completed])
    }
  }

  @Test func falseInitialConditionCompletesAtOnce() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.generate(initialState: 0, condition: { $0 > 0 }, iterate: { $0 + 1 })
        .subscribe(recorder)
      #expect(recorder.events == [.completed])
    }
  }

  @Test func throwingClosuresBecomeErrors() {
    expectNoLeaks {
      let conditionFails = Recorder<Int>()
      _ = Observable.generate(
        initialState: 0,
        condition: { value in
          if value == 2 { throw TestError(id: 1) }
          return true
        },
        iterate: { $0 + 1 }
      ).subscribe(conditionFails)
      #expect(conditionFails.events == [.next(0), .next(1), .error(TestError(id: 1))])

      let iterateFails = Recorder<Int>()
      _ = Observable.generate(
        initialState: 0, condition: { _ in true },
        iterate: { _ in throw TestError(id: 2) }
      ).subscribe(iterateFails)
      #expect(iterateFails.events == [.next(0), .error(TestError(id: 2))])
    }
  }

  @Test func stopsWhenTaken() {
    expectNoLeaks {
      let iterations = Shared(0)
      let recorder = Recorder<Int>()
      _ = Observable.generate(
        initialState: 0, condition: { _ in true },
        iterate: { value in
          iterations.mutate { $0 += 1 }
          return value + 1
        }
      ).take(3).subscribe(recorder)
      #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
      #expect(iterations.value == 2)
    }
  }

  @Test func contract() {
    checkOperatorContract { _ in
      Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })
    }
    checkOperatorContract {
      $0.take(
        until: Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 }))
    }
  }
}
