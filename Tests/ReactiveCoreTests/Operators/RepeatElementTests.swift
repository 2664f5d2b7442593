import ReactiveCore
import Testing

@Suite struct RepeatElementTests {
  @Test func repeatsUntilTaken() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      _ = Observable.repeatElement("a").take(3).subscribe(recorder)
      #expect(recorder.events == [.next("a"), .next("a"), .next("a"), .completed])
    }
  }

  @Test func stopsWhenDisposedThroughOtherOperators() {
    expectNoLeaks {
      let emitted = Shared(0)
      let recorder = Recorder<Int>()
      _ = Observable.repeatElement(2)
        .do(onNext: { _ in emitted.mutate { $0 += 1 } })
        .scan(0, accumulator: +)
        .take(while: { $0 < 10 })
        .subscribe(recorder)
      #expect(recorder.events == [.next(2), .next(4), .next(6), .next(8), .completed])
      #expect(emitted.value == 5)
    }
  }

  @Test func stopsWhenTriggerFires() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      let trigger = PublishSubject<Void>()
      let stopped = Shared(false)
      var count = 0
      _ = Observable.repeatElement(1)
        .do(onNext: { _ in
          count += 1
          if count == 4 { trigger.onNext(()) }
        })
        .take(until: trigger)
        .subscribe(recorder, onDisposed: { stopped.value = true })
      #expect(recorder.elements == [1, 1, 1])
      #expect(recorder.events.last == .completed)
      #expect(stopped.value)
    }
  }

  @Test func insideFlatteningSubscriptions() {
    expectNoLeaks {
      // An inner repeatElement subscribed while an outer generator emits is stopped by its own take.
      let recorder = Recorder<Int>()
      _ = Observable.range(start: 1, count: 3)
        .map { value in Observable.repeatElement(value).take(value) }
        .materialize()
        .subscribe(onNext: { event in
          if let inner = event.element { _ = inner.subscribe(recorder) }
        })
      #expect(recorder.elements == [1, 2, 2, 3, 3, 3])
    }
  }

  @Test func contract() {
    checkOperatorContract { _ in Observable.repeatElement(1).take(4) }
    checkOperatorContract { $0.take(until: Observable.repeatElement(1)) }
  }
}

extension ObservableType {
  /// Subscribes `observer` and also reports disposal.
  fileprivate func subscribe<Observer: ObserverType>(
    _ observer: Observer, onDisposed: @escaping () -> Void
  ) -> Disposable where Observer.Element == Element {
    subscribe(
      onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
      onCompleted: { observer.onCompleted() }, onDisposed: onDisposed)
  }
}
