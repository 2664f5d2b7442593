import ReactiveCore
import Testing

@Suite struct DistinctUntilChangedTests {
  struct User: Equatable {
    var name: String
    var age: Int
  }

  @Test func equatableDropsConsecutiveDuplicates() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 1, 2, 2, 2, 1, 3, 3).distinctUntilChanged().subscribe(recorder)
      #expect(recorder.events == [.next(1), .next(2), .next(1), .next(3), .completed])
    }
  }

  @Test func firstElementAlwaysEmitted() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(5).distinctUntilChanged { _, _ in true }.subscribe(recorder)
      #expect(recorder.events == [.next(5), .completed])
    }
  }

  @Test func keySelector() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Observable.of("a", "b", "ab", "cd", "e").distinctUntilChanged { $0.count }
        .subscribe(recorder)
      #expect(recorder.elements == ["a", "ab", "e"])
    }
  }

  @Test func comparerComparesWithLastEmitted() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      // 2 and 3 are each "close" to their predecessor but 3 is not close to 1, the last emitted.
      _ = Observable.of(1, 2, 3, 4, 10).distinctUntilChanged { abs($0 - $1) < 2 }
        .subscribe(recorder)
      #expect(recorder.elements == [1, 3, 10])
    }
  }

  @Test func keySelectorWithComparer() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Observable.of("a", "A", "b").distinctUntilChanged({ $0.lowercased() }, comparer: ==)
        .subscribe(recorder)
      #expect(recorder.elements == ["a", "b"])
    }
  }

  @Test func keyPath() {
    expectNoLeaks {
      let recorder = Recorder<User>()
      let users = [User(name: "a", age: 1), User(name: "a", age: 2), User(name: "b", age: 2)]
      _ = Observable.from(users).distinctUntilChanged(at: \.name).subscribe(recorder)
      #expect(recorder.elements.map(\.age) == [1, 2])
      #expect(recorder.elements.map(\.name) == ["a", "b"])
    }
  }

  @Test func throwingComparerBecomesError() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      _ = subject.distinctUntilChanged { _, new in
        if new == 3 { throw TestError(id: 3) }
        return false
      }.subscribe(recorder)
      for i in 1...4 { subject.onNext(i) }
      #expect(recorder.events == [.next(1), .next(2), .error(TestError(id: 3))])
      #expect(!subject.hasObservers)
    }
  }

  @Test func throwingKeySelectorBecomesError() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      _ = Observable.of(1, 2).distinctUntilChanged { value -> Int in
        if value == 1 { throw TestError(id: 1) }
        return value
      }.subscribe(recorder)
      #expect(recorder.events == [.error(TestError(id: 1))])
    }
  }

  @Test func contract() {
    checkOperatorContract { $0.distinctUntilChanged() }
    checkOperatorContract { $0.distinctUntilChanged { $0 / 2 } }
    checkOperatorContract { $0.distinctUntilChanged { $0 == $1 } }
    checkOperatorContract { $0.distinctUntilChanged(at: \.bitWidth) }
  }
}
