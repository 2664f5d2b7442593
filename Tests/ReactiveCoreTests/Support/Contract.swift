import Testing

@testable import ReactiveCore

/// The contract every operator must keep, checked on a sequence built from `make`:
/// - the grammar `next* (error | completed)?` holds;
/// - nothing is delivered after `dispose()`;
/// - a terminal event disposes the upstream subscription;
/// - every resource is released once the subscription ends.
/// `make` receives a controllable source (a `PublishSubject`) and returns the operator under test.
/// For operators that deliver asynchronously (`observe(on:)` a queue), `settle` waits until the
/// scheduled work has run; it is called before events and resources are checked.
func checkOperatorContract<Output>(
  sourceLocation: SourceLocation = #_sourceLocation,
  settle: () -> Void = {},
  _ make: (Observable<Int>) -> Observable<Output>
) {
  // 1. Grammar and upstream disposal on completion.
  expectNoLeaks(
    {
      let source = PublishSubject<Int>()
      let recorder = Recorder<Output>()
      let subscription = make(source.asObservable()).subscribe(recorder)
      for i in 1...5 { source.onNext(i) }
      source.onCompleted()
      source.onNext(99)
      settle()
      let events = recorder.events
      let terminals = events.filter(\.isStopEvent).count
      #expect(terminals <= 1, "more than one terminal event", sourceLocation: sourceLocation)
      if let index = events.firstIndex(where: \.isStopEvent) {
        #expect(
          index == events.count - 1, "events after a terminal event", sourceLocation: sourceLocation
        )
        #expect(
          !source.hasObservers, "upstream not disposed after termination",
          sourceLocation: sourceLocation)
      }
      subscription.dispose()
      settle()
      #expect(
        !source.hasObservers, "upstream not disposed by dispose()", sourceLocation: sourceLocation)
    }, sourceLocation: sourceLocation)

  // 2. Nothing after dispose.
  expectNoLeaks(
    {
      let source = PublishSubject<Int>()
      let recorder = Recorder<Output>()
      let subscription = make(source.asObservable()).subscribe(recorder)
      source.onNext(1)
      subscription.dispose()
      let before = recorder.events.count
      source.onNext(2)
      source.onError(TestError())
      settle()
      #expect(
        recorder.events.count == before, "events after dispose()", sourceLocation: sourceLocation)
      #expect(
        !source.hasObservers, "upstream not disposed by dispose()", sourceLocation: sourceLocation)
    }, sourceLocation: sourceLocation)

  // 3. Errors end the sequence and dispose upstream.
  expectNoLeaks(
    {
      let source = PublishSubject<Int>()
      let recorder = Recorder<Output>()
      let subscription = make(source.asObservable()).subscribe(recorder)
      source.onNext(1)
      source.onError(TestError(id: 7))
      source.onNext(2)
      settle()
      let events = recorder.events
      #expect(events.filter(\.isStopEvent).count <= 1, sourceLocation: sourceLocation)
      #expect(
        !source.hasObservers, "upstream not disposed after an error", sourceLocation: sourceLocation
      )
      subscription.dispose()
      settle()
    }, sourceLocation: sourceLocation)
}
