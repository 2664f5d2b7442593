import ReactiveTesting
import Testing

@testable import ReactiveCore

/// The operator contract on virtual time, for operators with timers: for a completing, a failing
/// and a never-ending hot source, and disposal at several moments (before, inside and after
/// windows), it checks that
/// - the grammar `next* (error | completed)?` holds;
/// - nothing is delivered after the subscription is disposed;
/// - the source subscription ends by the disposal, and by the terminal event when there is one;
/// - once the scheduler ran out of work, no resource of the operator is alive (no timer or cycle
///   keeps a sink), and none is left after the test.
/// `make` receives the source and the scheduler and returns the operator under test.
func checkVirtualTimeContract<Output>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ make: @escaping (Observable<Int>, TestScheduler) -> Observable<Output>
) {
  let sources: [[Recorded<Event<Int>>]] = [
    [.next(210, 1), .next(220, 2), .next(240, 3), .next(300, 4), .completed(350)],
    [.next(210, 1), .next(220, 2), .error(250, TestError(id: 9))],
    [.next(210, 1), .next(215, 2), .next(500, 3)],
  ]
  for events in sources {
    for disposeAt in [205, 212, 225, 260, 400, 1000] {
      expectNoLeaks(
        {
          let scheduler = TestScheduler(initialClock: 0)
          let xs = scheduler.createHotObservable(events)
          let res = scheduler.start(disposed: disposeAt) { make(xs.asObservable(), scheduler) }
          let recorded = res.events
          let terminals = recorded.filter { $0.value.isStopEvent }
          #expect(
            terminals.count <= 1, "more than one terminal event", sourceLocation: sourceLocation)
          if let terminal = terminals.first {
            #expect(
              recorded.last?.time == terminal.time && recorded.last?.value.isStopEvent == true,
              "events after a terminal event", sourceLocation: sourceLocation)
            for subscription in xs.subscriptions {
              #expect(
                subscription.unsubscribe <= terminal.time,
                "source not disposed on termination", sourceLocation: sourceLocation)
            }
          }
          #expect(
            recorded.allSatisfy { $0.time <= disposeAt }, "events after dispose",
            sourceLocation: sourceLocation)
          for subscription in xs.subscriptions {
            #expect(
              subscription.unsubscribe <= disposeAt, "source not disposed by dispose()",
              sourceLocation: sourceLocation)
          }
          #expect(
            Resources.scope?.live == 0, "resources alive after the run (timer or cycle)",
            sourceLocation: sourceLocation)
        }, sourceLocation: sourceLocation)
    }
  }
}
