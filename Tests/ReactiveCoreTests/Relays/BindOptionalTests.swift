import ReactiveCore
import Testing

@Suite struct BindOptionalTests {
  @Test func bindsNonOptionalElementsToOptionalRelaysAndObservers() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let behavior = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int?>()
      let replay = ReplayRelay<Int?>.create(bufferSize: 2)
      let subject = PublishSubject<Int?>()
      let received = Recorder<Int?>()
      let replayed = Recorder<Int?>()
      let recorders = [publish.subscribe(received), subject.subscribe(received)]
      let bindings = [
        source.bind(to: behavior), source.bind(to: publish), source.bind(to: replay),
        source.bind(to: subject),
      ]
      source.onNext(1)
      source.onNext(2)
      let replaySubscription = replay.subscribe(replayed)
      #expect(behavior.value == 2)
      #expect(received.events == [.next(1), .next(1), .next(2), .next(2)])
      #expect(replayed.events == [.next(1), .next(2)])
      for binding in bindings + recorders + [replaySubscription] { binding.dispose() }
      #expect(!source.hasObservers)
    }
  }
}
