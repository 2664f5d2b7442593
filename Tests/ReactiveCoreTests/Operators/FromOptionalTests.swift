import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct FromOptionalTests {
  @Test func emitsTheValueOrCompletes() {
    expectNoLeaks {
      let some = Recorder<Int>()
      _ = Observable.from(optional: Optional(1)).subscribe(some)
      #expect(some.events == [.next(1), .completed])
      let none = Recorder<Int>()
      _ = Observable<Int>.from(optional: nil).subscribe(none)
      #expect(none.events == [.completed])
    }
  }

  @Test func schedulerFormEmitsOnTheScheduler() {
    expectNoLeaks {
      let scheduler = TestScheduler(initialClock: 0)
      let some = scheduler.start { Observable.from(optional: Optional(1), scheduler: scheduler) }
      #expect(some.events == [.next(201, 1), .completed(202)])
      let other = TestScheduler(initialClock: 0)
      let none = other.start { Observable<Int>.from(optional: nil, scheduler: other) }
      #expect(none.events == [.completed(201)])
    }
  }

  @Test func mergeOfAnyCollection() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.merge([Observable.just(1), .just(2), .just(3)][1...]).subscribe(recorder)
      #expect(recorder.events == [.next(2), .next(3), .completed])
    }
  }
}
