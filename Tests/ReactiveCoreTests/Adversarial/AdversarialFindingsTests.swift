import ReactiveCore
import Testing

/// What the adversarial suites found, reduced to one thread: each test states the contract the
/// attack broke. (`sample`'s finding of the same kind is `BufferSampleTests.sampleFreesASubscriptionThatEndedSilently`.)
@Suite struct AdversarialFindingsTests {
  /// `skip(until:)` whose source completes before `other` emitted ends silently (as in RxSwift:
  /// the completion is not forwarded). Its sink and the subscriber leaf hold each other (the
  /// leaf keeps its disposable, the sink its downstream), so the sink must let go of the leaf, or
  /// an observer whose subscription was dropped without `dispose()` leaks.
  @Test func skipUntilFreesASubscriptionThatEndedSilently() {
    let source = PublishSubject<Int>()
    let other = PublishSubject<Int>()
    let (events, live) = Resources.tracking { () -> Int in
      var events = 0
      _ = source.skip(until: other).subscribe(
        onNext: { _ in events += 1 }, onError: { _ in events += 1 },
        onCompleted: { events += 1 })
      source.onNext(1)
      source.onCompleted()
      other.onCompleted()
      return events
    }
    #expect(events == 0)
    #expect(live == 0)
  }
}
